-- Drives the Lore Neovim plugin (nvim/) headless and writes what it saw to $LORE_NVIM_OUT (JSON).
-- Run: LORE_CMD=… LORE_FILE=… LORE_OTHER=… LORE_PLUGIN=…/nvim LORE_NVIM_OUT=out.json nvim --headless -u plugin_test.lua
vim.opt.runtimepath:append(os.getenv('LORE_PLUGIN'))
vim.cmd('filetype on')
vim.cmd('runtime plugin/lore.lua')

local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish = H.result, H.finish

-- The person at the keyboard: vim.ui.input answers with what they would type, in order.
local answers = {}
local defaults = {}
vim.ui.input = function(opts, on_confirm)
  defaults[#defaults + 1] = opts and opts.default
  on_confirm(table.remove(answers, 1))
end
local messages = {}
vim.notify = function(msg) messages[#messages + 1] = msg end

local ok, err = pcall(function()
  local lore = require('lore')
  lore.setup({ cmd = { os.getenv('LORE_CMD'), 'serve' }, init_options = { diagnostics = { debounceMs = 50 } } })
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LORE_FILE')))
  local py = vim.api.nvim_get_current_buf()
  assert(vim.wait(20000, function() return vim.b[py].lore_client ~= nil end, 20), 'no client attached')
  local client = vim.lsp.get_client_by_id(vim.b[py].lore_client)
  assert(vim.wait(20000, function() return client.initialized or client.server_capabilities ~= nil end, 20))
  result.steps.attached = true

  -- a second file of another language in the same repository: the same client (one per root, also on 0.7)
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LORE_OTHER')))
  local go = vim.api.nvim_get_current_buf()
  result.go_filetype = vim.bo[go].filetype
  assert(vim.wait(20000, function() return vim.b[go].lore_client ~= nil end, 20), 'no client for the Go file')
  result.steps.one_client_per_root = vim.b[go].lore_client == vim.b[py].lore_client
  local n = 0
  for _ in pairs(lore.clients()) do n = n + 1 end
  result.client_count = n
  vim.cmd('buffer ' .. py)

  -- :Lore status answers (params sent as an object, never [])
  result.status = lore.command('status')

  -- :Lore reject chardet, answering the prompts as a person would
  answers = { "We don't use chardet: it is LGPL", 'licence review' }
  lore.command('reject chardet')
  local q = lore.request('query', { query = '[:find ?d :where [?e :rejects :module/chardet] [?e :description ?d]]' })
  result.rejected = q and q.results

  -- :Lore reject with the cursor inside the import's string: the whole 'node:crypto', not "node"
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.fn.fnamemodify(os.getenv('LORE_FILE'), ':h') .. '/edge.ts'))
  assert(vim.wait(20000, function() return vim.b.lore_client ~= nil end, 20), 'no client for edge.ts')
  vim.api.nvim_win_set_cursor(0, { 1, 21 })  -- on the "node" of 'node:crypto'
  defaults = {}
  answers = { "We don't use node:crypto: Web Crypto everywhere", '' }
  lore.command('reject')
  result.reject_quoted_default = defaults[1]
  local qc = lore.request('query', { query = '[:find ?m :where [?e :rejects ?m] [?e :description "We don\'t use node:crypto: Web Crypto everywhere"]]' })
  result.rejected_quoted = qc and qc.results
  vim.cmd('buffer ' .. py)

  -- :Lore warnings all → quickfix (the workspace's ingested decision rejects redis)
  vim.wait(20000, function()
    local items = lore.command('warnings all') or {}
    return #items > 0
  end, 500)
  result.quickfix = vim.fn.getqflist()
  for i, item in ipairs(result.quickfix) do
    result.quickfix[i] = { text = item.text, lnum = item.lnum, file = vim.fn.bufname(item.bufnr) }
  end

  -- :Lore history of an entity, in a float
  local buf = lore.command('history :decision/no-chardet')
  result.history = buf and vim.api.nvim_buf_get_lines(buf, 0, -1, false) or {}
  -- a command typed while the float has the focus (as it does once shown) still reaches the server
  local from_float = lore.command('query [:find ?d :where [:decision/no-chardet :description ?d]]')
  result.query_from_float = from_float and vim.api.nvim_buf_get_lines(from_float, 0, -1, false) or {}
  if from_float then vim.cmd('close') end
  vim.cmd('close')

  -- :Lore query in a float
  buf = lore.command('query [:find ?d :where [:decision/no-chardet :description ?d]]')
  result.query = buf and vim.api.nvim_buf_get_lines(buf, 0, -1, false) or {}
  vim.cmd('close')

  -- :checkhealth lore
  vim.cmd('checkhealth lore')
  result.health = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  result.messages = messages
end)
finish(ok, ok and nil or tostring(err))
