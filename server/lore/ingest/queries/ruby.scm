(method name: (_) @name) @def.function
(singleton_method name: (_) @name) @def.function
(class name: [(constant) (scope_resolution)] @name) @def.class
(module name: [(constant) (scope_resolution)] @name) @def.class
(program (assignment left: (constant) @name) @def.variable)
(class (body_statement (assignment left: (constant) @name) @def.field.static))
(assignment left: (instance_variable) @name) @def.field

((call method: (identifier) @_m arguments: (argument_list (string (string_content) @import.spec))) @import
 (#match? @_m "^(require|load)$"))
((call method: (identifier) @_m arguments: (argument_list (string (string_content) @import.spec @import.name))) @import
 (#eq? @_m "require_relative"))

(call method: (identifier) @call.name)
