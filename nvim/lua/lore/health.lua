-- :checkhealth lore
local M = {}

local health = vim.health or require('health')
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local error = health.error or health.report_error

function M.check()
  start('lore')
  if vim.fn.has('nvim-0.7') == 1 then ok('Neovim ' .. tostring(vim.version())) else error('Neovim 0.7 or newer is needed') end
  local lore = require('lore')
  local exe = lore.config.cmd[1]
  if vim.fn.executable(exe) == 1 then
    local version = vim.fn.system({ exe, '--version' }):gsub('%s+$', '')
    if vim.v.shell_error == 0 then ok(exe .. ': ' .. version) else error(exe .. ' --version failed: ' .. version) end
  else
    error(exe .. ' is not on PATH', { 'pip install -e . in a clone of Lore, or set cmd in require("lore").setup({ cmd = { "/path/to/lore", "serve" } })' })
  end
  local root = lore.root_of(vim.api.nvim_buf_get_name(0))
  if root then ok('git root of this buffer: ' .. root) else warn('this buffer is not in a git repository: Lore does not start here') end
  local n = 0
  for r, id in pairs(lore.clients()) do
    local client = vim.lsp.get_client_by_id(id)
    if client then ok('client ' .. id .. ' running for ' .. r) n = n + 1 end
  end
  if n == 0 then warn('no Lore client is running (open a file of a supported type in a git repository)') end
end

return M
