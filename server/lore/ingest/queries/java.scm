(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.class
(enum_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(annotation_type_declaration name: (identifier) @name) @def.class
(method_declaration name: (identifier) @name) @def.function
(constructor_declaration name: (identifier) @name) @def.function
(field_declaration (modifiers "static") declarator: (variable_declarator name: (identifier) @name)) @def.field.static
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @def.field

(import_declaration (scoped_identifier) @import.spec) @import
(import_declaration (identifier) @import.spec) @import

(method_invocation name: (identifier) @call.name)
(object_creation_expression type: (type_identifier) @call.name)
