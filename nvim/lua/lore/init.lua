-- Lore for Neovim 0.7+: one `lore serve` client per git root, every language Lore parses, :Lore commands,
-- warnings in the quickfix list, history in a float, :checkhealth lore.
--
--   require('lore').setup({})            -- defaults below; `cmd` if `lore` is not on PATH
local M = {}

-- Neovim filetypes of the 17 languages Lore's extractor parses (server/lore/ingest/extract.py), and toml for
-- Cargo.toml, whose dependencies it reads (another .toml buffer gets no diagnostics: the server parses none).
M.filetypes = {
  'python', 'javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'go', 'rust', 'java', 'c', 'cpp',
  'cs', 'ruby', 'php', 'kotlin', 'swift', 'scala', 'haskell', 'lua', 'elixir', 'toml',
}

M.config = {
  cmd = { 'lore', 'serve' },
  filetypes = M.filetypes,
  init_options = vim.empty_dict(),   -- server settings (server/lore/lsp/EDITORS.md)
  hover_key = 'K',                   -- mapped to LSP hover in attached buffers (0.7 maps K to keywordprg)
  progress = true,                   -- show ingestion progress and its end in the message area
  -- report files written outside Neovim (an agent's edit, a terminal's new file) to the server, which asks
  -- for them: 'auto' when Neovim can watch a tree cheaply (0.10+ with inotifywait on Linux; macOS, Windows),
  -- true to watch anyway (Linux without inotifywait: a handle per folder), false never
  watch_files = 'auto',
}

local clients = {}  -- git root -> client id (0.7 has no vim.lsp.start to reuse clients)

local function notify(msg, level)
  vim.notify('lore: ' .. msg, level or vim.log.levels.INFO)
end

--- The git work tree root of a file, or nil (Lore never creates a graph outside a repository by itself).
function M.root_of(path)
  if path == nil or path == '' then return nil end
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local git = vim.fn.finddir('.git', dir .. ';')
  if git == '' then
    git = vim.fn.findfile('.git', dir .. ';')  -- a worktree or submodule: .git is a file
  end
  if git == '' then return nil end
  return vim.fn.fnamemodify(git, ':p:h:h'):gsub('/$', '')
end

local function get_client(bufnr)
  local id = vim.b[bufnr or 0].lore_client
  return id and vim.lsp.get_client_by_id(id) or nil
end

--- Send lore/<method> and wait; `params` nil or empty is sent as an object, never as [].
function M.request(method, params, bufnr, timeout)
  local client = get_client(bufnr)
  if client == nil then
    return nil, 'no Lore client for this buffer (is it in a git repository? :checkhealth lore)'
  end
  if params == nil or vim.tbl_isempty(params) then params = vim.empty_dict() end
  local resp, err
  if vim.fn.has('nvim-0.11') == 1 then
    resp, err = client:request_sync('lore/' .. method, params, timeout or 30000, bufnr or 0)
  else
    resp, err = client.request_sync('lore/' .. method, params, timeout or 30000, bufnr or 0)
  end
  if resp == nil then return nil, err or 'no answer' end
  if resp.err then return nil, resp.err.message end
  local r = resp.result
  if type(r) == 'table' and r.ok == false then
    return nil, (r.error and (r.error.code .. ': ' .. (r.error.message or ''))) or 'failed'
  end
  return r, nil
end

local function on_attach(client, bufnr)
  vim.b[bufnr].lore_client = client.id
  if M.config.hover_key then
    vim.api.nvim_buf_set_keymap(bufnr, 'n', M.config.hover_key, '<cmd>lua vim.lsp.buf.hover()<CR>',
      { noremap = true, silent = true, desc = 'Lore: hover' })
  end
end

local function progress_handler(base)
  local titles = {}  -- token -> the begin's title, to say what ended
  return function(err, result, ctx, config)
    if base then base(err, result, ctx, config) end
    local value = result and result.value
    if M.config.progress and type(value) == 'table' then
      local token = result.token ~= nil and tostring(result.token) or ''
      if value.kind == 'begin' then
        -- the server's titles start with "Lore: " (VS Code shows them among other extensions'); notify() says lore
        local title = tostring(value.title or 'working'):gsub('^[Ll]ore:%s*', '')
        titles[token] = title
        notify(title .. (value.message and (': ' .. value.message) or ''))
      elseif value.kind == 'end' then
        notify((titles[token] or 'done') .. ': ' .. (value.message or 'done'))
        titles[token] = nil
      end
    end
  end
end

--- Whether this Neovim reports files written outside it to the server (workspace/didChangeWatchedFiles).
--- Neovim registers the watcher the server asks for only when the client says it can (off on Linux by default,
--- where its fallback watches folder by folder); inotifywait makes it one process for the tree.
function M.watches_files()
  local want = M.config.watch_files
  if want == false or vim.fn.has('nvim-0.10') == 0 then return false end
  if want == true then return true end
  return vim.fn.has('mac') == 1 or vim.fn.has('win32') == 1 or vim.fn.executable('inotifywait') == 1
end

local function capabilities()
  local caps = vim.lsp.protocol.make_client_capabilities()
  if M.watches_files() then
    caps.workspace = caps.workspace or {}
    caps.workspace.didChangeWatchedFiles = vim.tbl_extend('force', caps.workspace.didChangeWatchedFiles or {},
      { dynamicRegistration = true })
  end
  return caps
end

--- Start (or reuse) the client of the buffer's git root and attach it.
function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local root = M.root_of(vim.api.nvim_buf_get_name(bufnr))
  if root == nil then return nil end
  local id = clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    local config = {
      name = 'lore', cmd = M.config.cmd, root_dir = root, init_options = M.config.init_options,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
      on_attach = on_attach, capabilities = capabilities(),
      handlers = { ['$/progress'] = progress_handler(vim.lsp.handlers['$/progress']) },
    }
    if vim.fn.has('nvim-0.11') == 1 then
      -- start_client is deprecated from 0.11 (a warning on every start); start without attaching, as below
      id = vim.lsp.start(config, { attach = false })
    else
      id = vim.lsp.start_client(config)
    end
    if id == nil then
      notify('could not start ' .. table.concat(M.config.cmd, ' ') .. ' (:checkhealth lore)', vim.log.levels.ERROR)
      return nil
    end
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  vim.b[bufnr].lore_client = id
  return id
end

--- Every client this plugin started, by root.
function M.clients()
  return clients
end

-- ------------------------------------------------------------------------------ commands

local function ask(prompt, default, cb)
  vim.ui.input({ prompt = prompt, default = default }, function(text)
    if text ~= nil and text ~= '' then cb(text) end
  end)
end

local function float(lines, title)
  local from = vim.b.lore_client  -- the float answers :Lore commands through the client it was opened from
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = 'markdown'
  local width = math.min(math.max(40, vim.o.columns - 10), 120)
  local height = math.min(#lines + 1, math.max(5, vim.o.lines - 6))
  local win = vim.api.nvim_open_win(buf, true, {
    relative = 'editor', width = width, height = height, row = 2, col = math.floor((vim.o.columns - width) / 2),
    style = 'minimal', border = 'rounded',
  })
  vim.api.nvim_buf_set_keymap(buf, 'n', 'q', '<cmd>close<CR>', { noremap = true, silent = true })
  vim.b[buf].lore_title = title
  vim.b[buf].lore_client = from
  return buf, win
end

--- Record a decision through the server's recordDecision operation (it names it so the name never inverts
--- the text, resolves the target to the code's own entity and journals it).
local function record_decision(params)
  local r, err = M.request('recordDecision', params)
  if r == nil then notify(err, vim.log.levels.ERROR) return nil end
  notify('recorded ' .. tostring(r.decision) .. ' (tx ' .. tostring(r.tx) .. ')')
  return r
end

--- Ask for the decision's text (prefilled) and why, then record it. `why` may be left empty.
local function ask_and_record(kind, target, suggested, name)
  ask('Decision: ', suggested or '', function(text)
    vim.ui.input({ prompt = 'Why: ' }, function(why)
      if why == nil then return end  -- cancelled
      local params = { kind = kind, text = text }
      if target then params.target = target end
      if why ~= '' then params.why = why end
      if name and name ~= vim.NIL then params.name = name end
      M.last_recorded = record_decision(params)
    end)
  end)
end

--- The handler of the server's `lore.recordDecision` code actions ("we don't use X…" on an import, "record
--- a decision about S" on a symbol): the action carries suggestions; the person gives the text and why.
function M.record_from_action(command, _ctx)
  local arg = command and command.arguments and command.arguments[1]
  if type(arg) ~= 'table' then notify('lore.recordDecision needs its argument', vim.log.levels.ERROR) return end
  local text = (arg.text ~= vim.NIL and arg.text) or ''
  ask_and_record(arg.kind or 'governs', arg.target ~= vim.NIL and arg.target or nil, text, arg.name)
end

--- The entity under the cursor (what a hover would show), or nil.
function M.entity_at_cursor()
  local bufnr = vim.api.nvim_get_current_buf()
  local client = get_client(bufnr)
  if client == nil then return nil end
  local file = vim.api.nvim_buf_get_name(bufnr)
  local rel = file:sub(#client.config.root_dir + 2)
  local word = vim.fn.expand('<cword>')
  local line = vim.api.nvim_win_get_cursor(0)[1]
  -- layerHover, not lspHover: the code as the buffer has it (a function typed but never saved or committed
  -- is the working layer's, and history alone does not know it).
  local root = client.config.root_dir
  local r = M.request('layerHover', { root = root, file = rel, kind = 'name', name = word, line = line })
  if r and r.entity ~= vim.NIL and r.entity then return r.entity end
  -- on no name: the function or class whose body holds the cursor, before the whole file
  r = M.request('layerHover', { root = root, file = rel, kind = 'enclosing', line = line })
  if r and r.entity ~= vim.NIL and r.entity then return r.entity end
  r = M.request('layerHover', { root = root, file = rel, kind = 'module', name = rel, line = 1 })
  return r and r.entity ~= vim.NIL and r.entity or nil
end

local commands = {}

-- :Lore record [TEXT] — a decision about the code under the cursor (:governs it); its text (TEXT, or a
-- `# decision: …` note on the line, offered to edit) and why asked for.
function commands.record(text)
  local entity = M.entity_at_cursor()
  if entity == nil then
    notify('no code Lore knows under the cursor: the decision will govern nothing', vim.log.levels.WARN)
  end
  local note = (text and text ~= '') and text
    or vim.api.nvim_get_current_line():match('[#/][/]?%s*decision%s*:%s*(.+)$')
  ask_and_record('governs', entity, note, nil)
end

--- The quoted string under the cursor ('node:crypto', "github.com/x/y" in an import), or nil: <cword> stops
--- at ':' and '/', so it gave "node" or "github".
function M.string_at_cursor()
  local line = vim.api.nvim_get_current_line()
  local col = vim.api.nvim_win_get_cursor(0)[2] + 1
  for s, _, body, e in line:gmatch('()([\'"`])(.-)%2()') do
    if col >= s and col < e then return body end
  end
  return nil
end

-- :Lore reject [NAME] — we don't use NAME (the quoted import or the word under the cursor by default): a
-- decision that :rejects it.
function commands.reject(name)
  if not name or name == '' then
    local quoted = M.string_at_cursor()
    name = (quoted and quoted ~= '' and not quoted:find('%s')) and quoted or vim.fn.expand('<cword>')
  end
  if name == '' then notify('name what to reject: :Lore reject NAME', vim.log.levels.WARN) return end
  ask_and_record('rejects', name, "We don't use " .. name .. ': ', nil)
end

-- :Lore query DATALOG — results in a float.
function commands.query(text)
  if text == nil or text == '' then notify('usage: :Lore query [:find ?x :where …]', vim.log.levels.WARN) return end
  local r, err = M.request('query', { query = text })
  if r == nil then notify(err, vim.log.levels.ERROR) return end
  local lines = { '# ' .. table.concat(r.variables or {}, '  ') }
  for _, row in ipairs(r.results or {}) do
    local cells = {}
    for _, v in ipairs(row) do cells[#cells + 1] = tostring(v) end
    lines[#lines + 1] = table.concat(cells, '  ')
  end
  if #lines == 1 then lines[2] = '(no results)' end
  return float(lines, 'query')
end

-- :Lore history [ENTITY] — every change to the entity under the cursor (or the one given), in a float.
function commands.history(entity)
  entity = (entity and entity ~= '') and entity or M.entity_at_cursor()
  if entity == nil then notify('no entity under the cursor; :Lore history :ns/name', vim.log.levels.WARN) return end
  local r, err = M.request('history', { entity = entity })
  if r == nil then notify(err, vim.log.levels.ERROR) return end
  local lines = { '# History of ' .. entity, '' }
  for _, h in ipairs(r.history or {}) do
    local v = type(h.value) == 'table' and vim.fn.json_encode(h.value) or tostring(h.value)
    lines[#lines + 1] = string.format('- tx %s %s  %s %s %s  — %s (%s)', tostring(h.tx), tostring(h.instant or ''):sub(1, 19),
      h.op or '', h.attribute or '', v, h.reason or '', h.source or '')
  end
  if #lines == 2 then lines[3] = '(no recorded changes)' end
  return float(lines, 'history')
end

-- :Lore warnings [all] — the open file's warnings (or all) into the quickfix list: what the diagnostics show,
-- history with the working layer over it (branch, edits, unsaved buffers: lore/check with all), else history's.
function commands.warnings(scope)
  local bufnr = vim.api.nvim_get_current_buf()
  local params = { all = true }
  if scope ~= 'all' then params.paths = { vim.api.nvim_buf_get_name(bufnr) } end
  local r, err = M.request('check', params)
  if r == nil then
    params = vim.empty_dict()
    if scope ~= 'all' then params = { uri = vim.uri_from_bufnr(bufnr) } end
    r, err = M.request('warnings', params)
  end
  if r == nil then notify(err, vim.log.levels.ERROR) return end
  local client = get_client(bufnr)
  local root = client and client.config.root_dir or vim.fn.getcwd()
  local items = {}
  for _, w in ipairs(r.warnings or {}) do
    local file = w.file ~= vim.NIL and w.file or nil
    items[#items + 1] = {
      filename = file and (file:sub(1, 1) == '/' and file or (root .. '/' .. file)) or nil,
      lnum = (w.line ~= vim.NIL and w.line) or 1, col = ((w.column ~= vim.NIL and w.column) or 0) + 1,
      text = (w.code or w.rule or '') .. ': ' .. (w.message or ''),
      type = w.severity == 'information' and 'I' or 'W',
    }
  end
  vim.fn.setqflist({}, ' ', { title = 'Lore warnings', items = items })
  notify(#items .. ' warning(s)')
  return items
end

-- :Lore status — what the graph holds and where ingestion is.
function commands.status()
  local s, err = M.request('stats', nil)
  if s == nil then notify(err, vim.log.levels.ERROR) return end
  local i = M.request('ingestStatus', nil) or {}
  local msg = string.format('%s facts, %s entities, tx %s; ingestion %s', tostring(s.current_rows), tostring(s.entities),
    tostring(s.tx), tostring(i.status or '?'))
  notify(msg)
  return msg
end

-- :Lore ingest — ingest the repository now (progress shows in the message area).
function commands.ingest()
  local r, err = M.request('ingest', nil)
  if r == nil then notify(err, vim.log.levels.ERROR) return end
  notify('ingestion ' .. tostring(r.status or 'started'))
  return r
end

function M.command(args)
  local sub, rest = (args or ''):match('^%s*(%S*)%s*(.-)%s*$')
  local fn = commands[sub]
  if fn == nil then
    notify('usage: :Lore record [TEXT]|reject [NAME]|query DATALOG|history [ENTITY]|warnings [all]|status|ingest',
      vim.log.levels.WARN)
    return
  end
  return fn(rest)
end

function M.complete(arglead)
  local out = {}
  for name, _ in pairs(commands) do
    if name:sub(1, #arglead) == arglead then out[#out + 1] = name end
  end
  table.sort(out)
  return out
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', M.config, opts or {})
  -- the server's code actions name this command; Neovim runs a client-side handler before asking the server
  vim.lsp.commands['lore.recordDecision'] = M.record_from_action
  local group = vim.api.nvim_create_augroup('lore', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group, pattern = M.config.filetypes,
    callback = function(args) M.attach(args.buf) end,
  })
  -- buffers already open when setup() runs
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and vim.tbl_contains(M.config.filetypes, vim.bo[b].filetype) then
      M.attach(b)
    end
  end
end

return M
