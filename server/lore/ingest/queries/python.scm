; Definitions: @def.<kind> is the whole definition, @name its name. Nesting (methods, locals) is decided
; in extract.py from the enclosing definitions, so these patterns stay flat.
(function_definition name: (identifier) @name) @def.function
(class_definition name: (identifier) @name) @def.class

; Module-level globals: `X = ...`, `X: int = ...` (only kept when not inside a class or function).
(module (assignment left: (identifier) @name) @def.variable)
(module (expression_statement (assignment left: (identifier) @name)) @def.variable)
; Class-level (static) fields.
(class_definition body: (block (assignment left: (identifier) @name) @def.field.static))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name)) @def.field.static))
; Instance fields: self.x = ... inside a method.
(assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name) (#eq? @_self "self")) @def.field

; Imports: @import is the statement, @import.spec the module it names.
(import_statement name: (dotted_name) @import.spec) @import
(import_statement name: (aliased_import name: (dotted_name) @import.spec)) @import
(import_from_statement module_name: (dotted_name) @import.spec) @import
(import_from_statement module_name: (relative_import) @import.spec) @import

; Calls: the called name (last identifier of f or obj.f).
(call function: (identifier) @call.name)
(call function: (attribute attribute: (identifier) @call.name))
; `from pkg import name`: the name may itself be a module of pkg.
(import_from_statement module_name: (_) @import.spec name: (dotted_name) @import.name) @import
(import_from_statement module_name: (_) @import.spec name: (aliased_import name: (dotted_name) @import.name)) @import
