(function_declaration name: (identifier) @name) @def.function
(function_declaration name: (dot_index_expression table: (identifier) @owner field: (identifier) @name)) @def.function
(function_declaration name: (method_index_expression table: (identifier) @owner method: (identifier) @name)) @def.function
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name))) @def.variable)
(chunk (assignment_statement (variable_list name: (identifier) @name)) @def.variable)

((function_call name: (identifier) @_r arguments: (arguments (string content: (string_content) @import.spec))) @import
 (#eq? @_r "require"))

(function_call name: (identifier) @call.name)
(function_call name: (dot_index_expression field: (identifier) @call.name))
(function_call name: (method_index_expression method: (identifier) @call.name))
