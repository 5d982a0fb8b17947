(function name: (variable) @name) @def.function
(bind name: (variable) @name) @def.function
(signature name: (variable) @name) @def.function
(data_type name: (name) @name) @def.class
(newtype name: (name) @name) @def.class
(class name: (name) @name) @def.class
(type_synomym name: (name) @name) @def.class

(import module: (module) @import.spec) @import

(apply function: (variable) @call.name)
