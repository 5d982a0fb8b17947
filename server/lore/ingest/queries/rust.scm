(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function
(struct_item name: (type_identifier) @name) @def.class
(enum_item name: (type_identifier) @name) @def.class
(trait_item name: (type_identifier) @name) @def.class
(union_item name: (type_identifier) @name) @def.class
(type_item name: (type_identifier) @name) @def.class
(impl_item type: [(type_identifier) @owner (generic_type type: (type_identifier) @owner)] body: (declaration_list (function_item name: (identifier) @name) @def.function))
(source_file (const_item name: (identifier) @name) @def.variable)
(source_file (static_item name: (identifier) @name) @def.variable)
(struct_item name: (type_identifier) @owner body: (field_declaration_list (field_declaration name: (field_identifier) @name) @def.field))

(use_declaration argument: (_) @import.spec) @import
(extern_crate_declaration name: (identifier) @import.spec) @import
(scoped_identifier path: (identifier)) @import.path
(scoped_type_identifier path: (identifier)) @import.path

(call_expression function: (identifier) @call.name)
(call_expression function: (field_expression field: (field_identifier) @call.name))
(call_expression function: (scoped_identifier name: (identifier) @call.name))
