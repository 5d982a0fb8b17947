-- Records decisions from Neovim as a person would: the server's code action on an import ("we don't use
-- X…") run through the plugin's client-side lore.recordDecision handler, and :Lore record / :Lore reject,
-- answering vim.ui.input's prompts. Writes what it saw to $LORE_NVIM_OUT (JSON).
vim.opt.runtimepath:append(os.getenv('LORE_PLUGIN'))
vim.cmd('filetype on')
vim.cmd('runtime plugin/lore.lua')

local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish = H.result, H.finish

local answers, prompts = {}, {}
vim.ui.input = function(opts, on_confirm)
  prompts[#prompts + 1] = { prompt = opts.prompt, default = opts.default or vim.NIL }
  on_confirm(table.remove(answers, 1))
end
vim.notify = function() end

local ok, err = pcall(function()
  local lore, buf, client = H.open_with_plugin()
  assert(vim.wait(30000, function()
    local s = lore.request('ingestStatus', nil)
    return s and s.status == 'complete'
  end, 200), 'ingestion did not complete')

  -- the code action on `import chardet` (line 2), executed by the plugin's handler
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 1, character = 8 }, ['end'] = { line = 1, character = 8 } },
    context = { diagnostics = {} },
  }
  local resp
  resp = H.request_sync(client, 'textDocument/codeAction', params, buf, 20000)
  local action
  for _, a in ipairs((resp and resp.result) or {}) do
    if a.title:find("we don't use chardet", 1, true) then action = a end
  end
  assert(action, 'no "we don\'t use chardet" code action')
  result.action = { title = action.title, command = action.command.command, argument = action.command.arguments[1] }
  answers = { "Do not use chardet: it is LGPL", 'licence' }
  vim.lsp.commands[action.command.command](action.command, { bufnr = buf, client_id = client.id })
  result.from_action = lore.last_recorded and lore.last_recorded.decision

  -- :Lore record on `login` (line 5), with an empty why
  vim.api.nvim_win_set_cursor(0, { 5, 5 })
  answers = { 'Never log passwords in login', '' }
  lore.command('record')
  result.recorded = lore.last_recorded and lore.last_recorded.decision
  -- :Lore record with the cursor in login's body, on a word that names nothing (`return`): login is governed,
  -- not the whole file
  vim.api.nvim_win_set_cursor(0, { 6, 5 })
  answers = { 'Login checks the charset first', '' }
  lore.command('record')
  result.recorded_body = lore.last_recorded and lore.last_recorded.decision
  -- :Lore record TEXT on a function typed into the buffer and never saved: the working layer knows it
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, { '', '', 'def logout(user):', '    return None' })
  local last = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_win_set_cursor(0, { last - 1, 5 })
  assert(vim.wait(20000, function()
    local r = lore.request('layerHover', { root = client.config.root_dir, file = 'src/auth.py', kind = 'name',
                                           name = 'logout', line = last - 1 })
    return r and r.entity ~= nil and r.entity ~= vim.NIL
  end, 50), 'the layer never saw the typed function')
  answers = { 'Logout clears the session', 'sessions end server side' }
  lore.command('record Logout clears the session')
  result.recorded_typed = lore.last_recorded and lore.last_recorded.decision
  -- :Lore reject NAME
  answers = { "We don't use requests-toolbelt", 'unmaintained' }
  lore.command('reject requests-toolbelt')
  result.rejected = lore.last_recorded and lore.last_recorded.decision
  -- cancelled at the why prompt: nothing recorded
  lore.last_recorded = nil
  answers = { 'half an answer' }
  lore.command('reject os')
  result.cancelled = lore.last_recorded == nil

  local q = lore.request('query', { query = '[:find ?d ?a ?v :where [?d ?a ?v] [(contains? (str ?d) ":decision/")]]' })
  result.facts = q and q.results
  result.prompts = prompts
end)
finish(ok, ok and nil or tostring(err))
