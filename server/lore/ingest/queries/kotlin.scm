(class_declaration (type_identifier) @name) @def.class
(object_declaration (type_identifier) @name) @def.class
(function_declaration (simple_identifier) @name) @def.function
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @def.variable)
(class_body (property_declaration (variable_declaration (simple_identifier) @name)) @def.field)
(class_parameter (simple_identifier) @name) @def.field

(import_header (identifier) @import.spec) @import

(call_expression (simple_identifier) @call.name)
(call_expression (navigation_expression (navigation_suffix (simple_identifier) @call.name)))
