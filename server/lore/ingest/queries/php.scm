(function_definition name: (name) @name) @def.function
(method_declaration name: (name) @name) @def.function
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.class
(trait_declaration name: (name) @name) @def.class
(enum_declaration name: (name) @name) @def.class
(property_declaration (property_element (variable_name (name) @name))) @def.field
(const_declaration (const_element (name) @name)) @def.field.static

(namespace_use_clause [(qualified_name) (name)] @import.spec) @import
(require_expression (string (string_content) @import.spec)) @import
(require_once_expression (string (string_content) @import.spec)) @import
(include_expression (string (string_content) @import.spec)) @import
(include_once_expression (string (string_content) @import.spec)) @import

(function_call_expression function: (name) @call.name)
(member_call_expression name: (name) @call.name)
(scoped_call_expression name: (name) @call.name)
(object_creation_expression (name) @call.name)
