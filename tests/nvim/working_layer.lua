-- The working layer from a headless Neovim (0.7's vim.lsp.start_client, 0.11+'s vim.lsp.config/enable):
-- an unsaved rejected import is flagged and cleared, a buffer function named by a memory shows it on hover,
-- a commit of the graph's branch is ingested unasked. Writes what it saw to $LORE_NVIM_OUT (JSON).
vim.cmd('filetype on')

local file = os.getenv('LORE_FILE')
local cmd = { os.getenv('LORE_CMD') or 'lore', 'serve' }
local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish, request_sync, modern = H.result, H.finish, H.request_sync, H.modern

local function lore_diags(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == 'lore' then
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(out, { lnum = d.lnum, code = code })
    end
  end
  return out
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local init_options = { diagnostics = { debounceMs = 50 } }
  local root = vim.fn.fnamemodify(vim.fn.finddir('.git', vim.fn.fnamemodify(file, ':h') .. ';'), ':p:h:h')
  local client
  if modern then
    vim.lsp.config('lore', { cmd = cmd, filetypes = { 'python' }, root_markers = { '.git' },
      init_options = init_options })
    vim.lsp.enable('lore')
    vim.cmd('doautocmd FileType')
    vim.wait(15000, function() return #vim.lsp.get_clients({ bufnr = bufnr, name = 'lore' }) > 0 end, 20)
    client = vim.lsp.get_clients({ bufnr = bufnr, name = 'lore' })[1]
  else
    local id = vim.lsp.start_client({ name = 'lore', cmd = cmd, root_dir = root, init_options = init_options })
    vim.lsp.buf_attach_client(bufnr, id)
    client = vim.lsp.get_client_by_id(id)
  end
  assert(client, 'the lore client did not start')
  vim.wait(15000, function() return client.initialized == true or (client.server_capabilities ~= nil) end, 20)

  -- type the rejected import on line 2, unsaved
  vim.api.nvim_buf_set_lines(bufnr, 1, 1, false, { 'import chardet' })
  vim.wait(20000, function() return #lore_diags(bufnr) > 0 end, 20)
  result.flagged = lore_diags(bufnr)
  -- delete it again
  vim.api.nvim_buf_set_lines(bufnr, 1, 2, false, {})
  vim.wait(20000, function() return #lore_diags(bufnr) == 0 end, 20)
  result.cleared = lore_diags(bufnr)

  -- a function only the buffer has, named by a memory
  local n = vim.api.nvim_buf_line_count(bufnr)
  vim.api.nvim_buf_set_lines(bufnr, n, n, false, { '', '', 'def normalize_encoding(data):', '    return data' })
  result.hover = vim.NIL
  vim.wait(20000, function()
    local h = request_sync(client, 'textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = n + 2, character = 6 } }, bufnr)
    local value = h and h.result and h.result.contents and h.result.contents.value
    if value and value:find('decision/enc', 1, true) then
      result.hover = value
      return true
    end
    return false
  end, 100)
  result.modified = vim.bo[bufnr].modified

  -- a commit on the graph's branch: ingested with nobody asking
  local f = io.open(root .. '/src/committed.py', 'w')
  f:write('def committed():\n    return 1\n')
  f:close()
  vim.fn.system({ 'git', '-C', root, 'add', 'src/committed.py' })
  vim.fn.system({ 'git', '-C', root, '-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', 'commit', '-q',
    '-m', 'committed from neovim' })
  result.ingested = vim.NIL
  vim.wait(30000, function()
    local q = request_sync(client, 'lore/query', { query = '[:find ?e :where [?e :path "src/committed.py"]]' }, bufnr)
    if q and q.result and q.result.results and #q.result.results > 0 then
      result.ingested = q.result.results
      return true
    end
    return false
  end, 200)
end)

finish(ok, ok and nil or tostring(err))
