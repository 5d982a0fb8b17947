(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.class
(enum_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(method_declaration name: (identifier) @name) @def.function
(constructor_declaration name: (identifier) @name) @def.function
(field_declaration (modifier "static") (variable_declaration (variable_declarator name: (identifier) @name))) @def.field.static
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(property_declaration name: (identifier) @name) @def.field

(using_directive (qualified_name) @import.spec) @import
(using_directive (identifier) @import.spec) @import

(invocation_expression function: (identifier) @call.name)
(invocation_expression function: (member_access_expression name: (identifier) @call.name))
(object_creation_expression type: (identifier) @call.name)
