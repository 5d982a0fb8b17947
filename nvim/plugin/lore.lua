-- :Lore record|reject|query|history|warnings|status|ingest (see lua/lore/init.lua). Clients start on setup().
if vim.g.loaded_lore then return end
vim.g.loaded_lore = true
vim.api.nvim_create_user_command('Lore', function(opts) require('lore').command(opts.args) end, {
  nargs = '*', complete = function(arglead) return require('lore').complete(arglead) end,
  desc = 'Lore: record, reject, query, history, warnings, status, ingest',
})
