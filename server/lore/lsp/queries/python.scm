; Anchors in an open Python buffer: definitions (functions, classes) and the modules it imports.
(function_definition name: (identifier) @def.function) @node.function
(class_definition name: (identifier) @def.class) @node.class
(import_statement name: (dotted_name) @import)
(import_statement name: (aliased_import name: (dotted_name) @import))
(import_from_statement module_name: (dotted_name) @import)
(import_from_statement module_name: (relative_import) @import)
