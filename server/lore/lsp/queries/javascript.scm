; Anchors in an open JavaScript buffer: definitions and imported module specifiers.
(function_declaration name: (identifier) @def.function) @node.function
(method_definition name: (property_identifier) @def.function) @node.function
(class_declaration name: (identifier) @def.class) @node.class
(import_statement source: (string (string_fragment) @import))
