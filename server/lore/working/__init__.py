"""The working layer (SPEC §5): the code as the developer has it — the feature branch, staged and unstaged
edits, untracked files and open buffers — laid over history's current state without writing it; and
``lore check`` over it."""
