-- :Lore warnings after typing a rejected import into an unsaved buffer: the quickfix list holds what the
-- buffer's diagnostics show (history plus the working layer), for the file and for `all`.
vim.opt.runtimepath:append(os.getenv('LORE_PLUGIN'))
vim.cmd('filetype on')
vim.cmd('runtime plugin/lore.lua')

local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish = H.result, H.finish
vim.notify = function() end

local function qf()
  local out = {}
  for _, item in ipairs(vim.fn.getqflist()) do
    out[#out + 1] = { text = item.text, lnum = item.lnum, file = vim.fn.fnamemodify(vim.fn.bufname(item.bufnr), ':t') }
  end
  return out
end

local ok, err = pcall(function()
  local lore, buf = H.open_with_plugin()
  -- history's warning (line 1, redis) is shown first
  assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) >= 1 end, 20), 'no first diagnostic')
  -- typed, not saved: a second rejected import on line 2
  vim.api.nvim_buf_set_lines(buf, 1, 1, false, { 'import chardet' })
  assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) >= 2 end, 20), 'the typed import was not flagged')
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do result.diagnostics[#result.diagnostics + 1] = d.lnum + 1 end
  table.sort(result.diagnostics)
  lore.command('warnings')
  result.file = qf()
  lore.command('warnings all')
  result.all = qf()
  result.modified = vim.bo[buf].modified
end)
finish(ok, ok and nil or tostring(err))
