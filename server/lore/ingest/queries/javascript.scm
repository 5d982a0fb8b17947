; JavaScript (also the base of typescript.scm / tsx.scm).
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (identifier) @name) @def.class
(method_definition name: (property_identifier) @name) @def.function
; a private method, #name (its name is kept without the #)
(method_definition name: (private_property_identifier) @name) @def.function
(program (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @def.function)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @def.function))
(program (lexical_declaration (variable_declarator name: (identifier) @name value: (_) @_v)) @def.variable)
(program (variable_declaration (variable_declarator name: (identifier) @name)) @def.variable)
(field_definition property: (property_identifier) @name) @def.field
(field_definition property: (private_property_identifier) @name) @def.field

(import_statement source: (string) @import.spec) @import
(export_statement source: (string) @import.spec) @import
((call_expression function: (identifier) @_req arguments: (arguments (string) @import.spec)) @import
 (#eq? @_req "require"))
; import('x'): a dynamic import (lazy routes, optional runtimes) is as much a dependency as a static one
(call_expression function: (import) arguments: (arguments . (string) @import.spec)) @import

(call_expression function: (identifier) @call.name)
(call_expression function: (member_expression property: (property_identifier) @call.name))
(call_expression function: (member_expression property: (private_property_identifier) @call.name))
(new_expression constructor: (identifier) @call.name)
