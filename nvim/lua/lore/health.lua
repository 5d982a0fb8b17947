-- :checkhealth lore
local M = {}

local health = vim.health or require('health')
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local error = health.error or health.report_error

-- "0.7.2": 0.7's vim.version() is a plain table (tostring gave "table: 0x…"); 0.9+ prints its own.
local function version_string()
  local v = vim.version()
  local pre = v.prerelease
  if pre == true then pre = 'dev' end  -- 0.9 says true, 0.10+ 'dev'
  return string.format('%d.%d.%d', v.major, v.minor, v.patch) .. (type(pre) == 'string' and ('-' .. pre) or '')
end

-- The buffer :checkhealth was typed in: the report is in a buffer of its own (0.7: a scratch buffer in a
-- new tab, whose alternate is the file; 0.9+ opens it after reading the file's state), so the current one
-- is that file only when it is a real file buffer.
local function checked_buffer()
  local cur = vim.api.nvim_get_current_buf()
  if vim.bo[cur].buftype == '' and vim.bo[cur].filetype ~= 'checkhealth' and vim.api.nvim_buf_get_name(cur) ~= '' then
    return cur
  end
  local alt = vim.fn.bufnr('#')
  if alt > 0 and vim.api.nvim_buf_is_valid(alt) then return alt end
  return cur
end

function M.check()
  start('lore')
  if vim.fn.has('nvim-0.7') == 1 then ok('Neovim ' .. version_string()) else error('Neovim 0.7 or newer is needed') end
  local lore = require('lore')
  local exe = lore.config.cmd[1]
  if vim.fn.executable(exe) == 1 then
    local version = vim.fn.system({ exe, '--version' }):gsub('%s+$', '')
    if vim.v.shell_error == 0 then ok(exe .. ': ' .. version) else error(exe .. ' --version failed: ' .. version) end
  else
    error(exe .. ' is not on PATH', { 'pip install -e . in a clone of Lore, or set cmd in require("lore").setup({ cmd = { "/path/to/lore", "serve" } })' })
  end
  if lore.watches_files() then
    ok('files written outside Neovim are reported to the server (workspace/didChangeWatchedFiles)')
  elseif vim.fn.has('nvim-0.10') == 1 then
    warn('files written outside Neovim reach Lore only at the next commit, checkout, stage or save', {
      'install inotifywait (Debian/Ubuntu: apt install inotify-tools), or setup({ watch_files = true })' })
  end
  local buf = checked_buffer()
  local name = vim.api.nvim_buf_get_name(buf)
  local shown = name ~= '' and vim.fn.fnamemodify(name, ':~:.') or '[No Name]'
  local root = lore.root_of(name)
  if root then
    ok('git root of the buffer ' .. shown .. ': ' .. root)
  else
    warn('the buffer ' .. shown .. ' is not in a git repository: Lore does not start there')
  end
  local n = 0
  for r, id in pairs(lore.clients()) do
    local client = vim.lsp.get_client_by_id(id)
    if client then ok('client ' .. id .. ' running for ' .. r) n = n + 1 end
  end
  if n == 0 then warn('no Lore client is running (open a file of a supported type in a git repository)') end
end

return M
