(function_definition declarator: (function_declarator declarator: (identifier) @name)) @def.function
(function_definition declarator: (function_declarator declarator: (field_identifier) @name)) @def.function
(function_definition declarator: (function_declarator declarator: (qualified_identifier scope: (namespace_identifier) @owner name: (identifier) @name))) @def.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @def.function
(function_definition declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @def.function
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @def.class
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @def.class
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @def.class
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @def.class
(type_definition declarator: (type_identifier) @name) @def.class
(alias_declaration name: (type_identifier) @name) @def.class
(translation_unit (declaration declarator: (init_declarator declarator: (identifier) @name)) @def.variable)
(field_declaration_list (field_declaration declarator: (field_identifier) @name) @def.field)
(field_declaration_list (declaration declarator: (function_declarator declarator: (field_identifier) @name)) @def.function)
(field_declaration_list (field_declaration declarator: (function_declarator declarator: (field_identifier) @name)) @def.function)

(preproc_include path: (_) @import.spec) @import

(call_expression function: (identifier) @call.name)
(call_expression function: (field_expression field: (field_identifier) @call.name))
(call_expression function: (qualified_identifier name: (identifier) @call.name))
