; Cargo.toml (the toml grammar): each dependency a crate declares is an import of it, named by its key (a renamed
; one's package is lore.ingest.resolve's to find). [dependencies] and its dev-/build- forms, [target.….dependencies],
; [workspace.dependencies], and the table form [dependencies.foo].
(table [(bare_key) (dotted_key)] @_table
  (pair [(bare_key) (quoted_key)] @import.spec) @import
  (#match? @_table "(^|\\.)(dependencies|dev-dependencies|build-dependencies)$"))
(table (dotted_key (_) @_table [(bare_key) (quoted_key)] @import.spec) @import
  (#match? @_table "(^|\\.)(dependencies|dev-dependencies|build-dependencies)$"))
