-- Runs the Lua snippet given in $LORE_SNIPPET (taken from the docs as written, with `lore` replaced by the
-- test's binary), opens two files and records which clients attached. Writes JSON to $LORE_NVIM_OUT.
vim.cmd('filetype on')
local result = { attached = {} }
local ok, err = pcall(function()
  local f = io.open(os.getenv('LORE_SNIPPET'))
  local code = f:read('*a')
  f:close()
  assert(loadstring(code))()
  for _, file in ipairs({ os.getenv('LORE_FILE'), os.getenv('LORE_OTHER') }) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file))
    local buf = vim.api.nvim_get_current_buf()
    vim.wait(20000, function() return #vim.lsp.get_active_clients({ bufnr = buf }) > 0 end, 20)
    local ids = {}
    for _, c in ipairs(vim.lsp.get_active_clients({ bufnr = buf })) do ids[#ids + 1] = c.id end
    result.attached[#result.attached + 1] = ids
  end
  result.total = #vim.lsp.get_active_clients()
end)
result.ok = ok
result.error = ok and nil or tostring(err)
local written = pcall(function()
  local out = io.open(os.getenv('LORE_NVIM_OUT'), 'w')
  out:write(vim.fn.json_encode(result))
  out:close()
end)
if not written then io.stderr:write('could not write the result\n') end
vim.cmd('qa!')
