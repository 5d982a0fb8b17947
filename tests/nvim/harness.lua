-- What the headless-Neovim test scripts share (tests/nvim/harness.py runs them): the result table that
-- becomes $LORE_NVIM_OUT's JSON, finish() that writes it and quits, and a request_sync that works on
-- Neovim 0.7 (client.request_sync) and 0.11+ (client:request_sync).
-- Load: local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local H = {}

local v = vim.version()
H.result = { nvim = tostring(v.major) .. '.' .. tostring(v.minor) .. '.' .. tostring(v.patch), steps = {} }
H.modern = vim.fn.has('nvim-0.11') == 1

function H.finish(ok, err)
  H.result.ok = ok
  H.result.error = err
  local f = io.open(os.getenv('LORE_NVIM_OUT'), 'w')
  f:write(vim.fn.json_encode(H.result))
  f:close()
  vim.cmd('qa!')
end

function H.request_sync(client, method, params, bufnr, timeout_ms)
  if H.modern then
    return client:request_sync(method, params, timeout_ms or 10000, bufnr)
  end
  return client.request_sync(method, params, timeout_ms or 10000, bufnr)
end

-- The plugin set up with the test's server (50 ms diagnostics debounce), $LORE_FILE opened, and its client
-- attached and initialized: (lore, buf, client).
function H.open_with_plugin()
  local lore = require('lore')
  lore.setup({ cmd = { os.getenv('LORE_CMD'), 'serve' }, init_options = { diagnostics = { debounceMs = 50 } } })
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LORE_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.wait(20000, function() return vim.b[buf].lore_client ~= nil end, 20), 'no client attached')
  local client = vim.lsp.get_client_by_id(vim.b[buf].lore_client)
  assert(vim.wait(20000, function() return client.initialized or client.server_capabilities ~= nil end, 20))
  return lore, buf, client
end

return H
