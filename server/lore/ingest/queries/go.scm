(function_declaration name: (identifier) @name) @def.function
(method_declaration receiver: (parameter_list (parameter_declaration type: [(type_identifier) @owner (pointer_type (type_identifier) @owner) (generic_type type: (type_identifier) @owner) (pointer_type (generic_type type: (type_identifier) @owner))])) name: (field_identifier) @name) @def.function
(type_declaration (type_spec name: (type_identifier) @name)) @def.class
(source_file (var_declaration (var_spec name: (identifier) @name)) @def.variable)
(source_file (const_declaration (const_spec name: (identifier) @name)) @def.variable)
(type_declaration (type_spec name: (type_identifier) @owner type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name) @def.field))))

(import_spec path: (interpreted_string_literal) @import.spec) @import

(call_expression function: (identifier) @call.name)
(call_expression function: (selector_expression field: (field_identifier) @call.name))
