(class_declaration name: (type_identifier) @name) @def.class
(protocol_declaration name: (type_identifier) @name) @def.class
(function_declaration name: (simple_identifier) @name) @def.function
(protocol_function_declaration name: (simple_identifier) @name) @def.function
(init_declaration "init" @name) @def.function
(source_file (property_declaration name: (pattern (simple_identifier) @name)) @def.variable)
(class_body (property_declaration name: (pattern (simple_identifier) @name)) @def.field)

(import_declaration (identifier) @import.spec) @import

(call_expression (simple_identifier) @call.name)
(call_expression (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @call.name)))
