(class_definition name: (identifier) @name) @def.class
(object_definition name: (identifier) @name) @def.class
(trait_definition name: (identifier) @name) @def.class
(enum_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name) @def.function
(template_body (val_definition pattern: (identifier) @name) @def.field)
(template_body (var_definition pattern: (identifier) @name) @def.field)
(compilation_unit (val_definition pattern: (identifier) @name) @def.variable)

; the whole declaration: its path is several identifiers (extract.py strips the keyword)
(import_declaration) @import @import.spec

(call_expression function: (identifier) @call.name)
(call_expression function: (field_expression field: (identifier) @call.name))
