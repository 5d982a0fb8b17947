-- Files written outside Neovim (SPEC §5): with the plugin, a file a terminal or an agent writes reaches the
-- server's working layer without a commit, checkout or save. Writes what it saw to $LORE_NVIM_OUT (JSON).
vim.opt.runtimepath:append(os.getenv('LORE_PLUGIN'))
vim.cmd('filetype on')
vim.cmd('runtime plugin/lore.lua')

local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish, request_sync = H.result, H.finish, H.request_sync

-- What the workspace pull lists for one file: the codes of its items, or nil when the file is not listed.
local function pulled(client, bufnr, uri)
  local r = request_sync(client, 'workspace/diagnostic', { previousResultIds = {} }, bufnr, 20000)
  local report = r and r.result
  for _, item in ipairs((report and report.items) or {}) do
    if item.uri == uri then
      local codes = {}
      for _, d in ipairs(item.items or {}) do codes[#codes + 1] = d.code end
      return codes
    end
  end
  return nil
end

local ok, err = pcall(function()
  local lore, buf, client = H.open_with_plugin()
  result.watches = lore.watches_files()
  assert(vim.wait(90000, function()
    local s = request_sync(client, 'lore/serverStatus', vim.empty_dict(), buf)
    return s and s.result and s.result.layerWarm
  end, 50), 'the working layer never warmed')
  local path = os.getenv('LORE_NEW_FILE')
  local uri = vim.uri_from_fname(path)
  local f = assert(io.open(path, 'w'))  -- as a terminal or an agent writes it: Neovim has no buffer for it
  f:write('import redis\n\n\ndef test_live():\n    assert redis.Redis().ping()\n')
  f:close()
  local started = vim.loop.hrtime()
  local listed = vim.wait(tonumber(os.getenv('LORE_WAIT_MS')), function()
    local codes = pulled(client, buf, uri)
    return codes ~= nil and #codes > 0
  end, 200)
  result.listed = listed and pulled(client, buf, uri) or vim.NIL
  result.listed_ms = listed and math.floor((vim.loop.hrtime() - started) / 1e6) or vim.NIL
  if listed then
    os.remove(path)
    result.cleared = vim.wait(30000, function()
      local codes = pulled(client, buf, uri)
      return codes == nil or #codes == 0
    end, 200)
  end
  local s = request_sync(client, 'lore/serverStatus', vim.empty_dict(), buf)
  result.watched_events = s and s.result and s.result.watchedEvents or vim.NIL
end)
finish(ok, err and tostring(err) or nil)
