((call target: (identifier) @_k (arguments (alias) @name)) @def.class
 (#match? @_k "^(defmodule|defprotocol)$"))
((call target: (identifier) @_k (arguments [(identifier) @name (call target: (identifier) @name) (binary_operator left: (call target: (identifier) @name))])) @def.function
 (#match? @_k "^(def|defp|defmacro|defmacrop|defguard|defdelegate)$"))
((call target: (identifier) @_k (arguments (alias) @import.spec)) @import
 (#match? @_k "^(alias|import|require|use)$"))

(call target: (identifier) @call.name)
(call target: (dot right: (identifier) @call.name))
