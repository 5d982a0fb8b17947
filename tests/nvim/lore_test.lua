-- Drives `lore serve` from a headless Neovim and writes what it saw to $LORE_NVIM_OUT (JSON).
-- Works with Neovim 0.7 (vim.lsp.start_client + buf_attach_client) and 0.11+ (vim.lsp.config/enable).
-- Run: LORE_CMD=/path/to/lore LORE_FILE=/repo/src/auth.py LORE_NVIM_OUT=out.json nvim --headless -u lore_test.lua
vim.cmd('filetype on') -- with -u, filetype detection would only start after this file

local file = os.getenv('LORE_FILE')
local cmd = { os.getenv('LORE_CMD') or 'lore', 'serve' }
local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish, request_sync, modern = H.result, H.finish, H.request_sync, H.modern

local init_options = { diagnostics = { debounceMs = 50 } }

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[bufnr].filetype
  local client
  if modern then
    vim.lsp.config('lore', { cmd = cmd, filetypes = { 'python' }, root_markers = { '.git' },
      init_options = init_options })
    vim.lsp.enable('lore')
    -- enable() attaches on FileType; the buffer is already open, so fire it again
    vim.cmd('doautocmd FileType')
    vim.wait(15000, function() return #vim.lsp.get_clients({ bufnr = bufnr, name = 'lore' }) > 0 end, 20)
    client = vim.lsp.get_clients({ bufnr = bufnr, name = 'lore' })[1]
    result.start = 'vim.lsp.config/enable'
  else
    local root = vim.fn.fnamemodify(vim.fn.finddir('.git', vim.fn.fnamemodify(file, ':h') .. ';'), ':p:h:h')
    local id = vim.lsp.start_client({ name = 'lore', cmd = cmd, root_dir = root, init_options = init_options })
    vim.lsp.buf_attach_client(bufnr, id)
    client = vim.lsp.get_client_by_id(id)
    result.start = 'vim.lsp.start_client'
  end
  assert(client, 'the lore client did not start')
  vim.wait(15000, function() return client.initialized == true or (client.server_capabilities ~= nil) end, 20)
  result.steps[#result.steps + 1] = 'initialized'

  -- diagnostics from the recorded decision that rejects redis
  vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, source = d.source, code = code,
      message = d.message })
  end

  -- hover on `login` (line 10, 1-based; "def login" -> column 4)
  local hover = request_sync(client, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 9, character = 5 } }, bufnr)
  result.hover = hover and hover.result and hover.result.contents and hover.result.contents.value or vim.NIL

  -- a custom request, as an agent would send it
  local tx = request_sync(client, 'lore/transact', { facts = '[[:decision/nvim :description "from neovim"]]',
    reason = 'neovim test' }, bufnr)
  result.transact = tx and tx.result or vim.NIL
  local hist = request_sync(client, 'lore/history', { entity = ':decision/nvim' }, bufnr)
  result.history = hist and hist.result or vim.NIL

  -- code actions on `login`, then run "record a decision" through workspace/executeCommand
  local actions = request_sync(client, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 9, character = 5 }, ['end'] = { line = 9, character = 5 } },
    context = { diagnostics = {} } }, bufnr)
  result.actions = {}
  local record
  for _, a in ipairs((actions and actions.result) or {}) do
    table.insert(result.actions, a.title)
    if a.title:find('record a decision', 1, true) then record = a end
  end
  if record then
    local arg = record.command.arguments[1]
    arg.description = 'decided in neovim'
    local r = request_sync(client, 'workspace/executeCommand', { command = record.command.command,
      arguments = { arg } }, bufnr)
    result.recorded = r and r.result or vim.NIL
  end

  -- an unsaved edit: three lines above the import; the diagnostic follows it
  vim.api.nvim_buf_set_lines(bufnr, 0, 0, false, { '# a', '# b', '# c' })
  vim.wait(10000, function()
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if d.lnum == 4 then return true end
    end
    return false
  end, 20)
  result.moved = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do table.insert(result.moved, d.lnum) end
end)

finish(ok, ok and nil or tostring(err))
