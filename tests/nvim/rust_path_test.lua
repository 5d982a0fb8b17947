-- A Rust crate typed by its path alone (`anyhow::bail!`, no `use`) in an unsaved buffer, through the plugin as
-- the README sets it up: the rejected crate is flagged on the line typed, its hover names the decision, and the
-- flag goes when the line does. Writes what it saw to $LORE_NVIM_OUT (JSON).
vim.opt.runtimepath:append(os.getenv('LORE_PLUGIN'))
vim.cmd('filetype on')
vim.cmd('runtime plugin/lore.lua')

local H = dofile(os.getenv('LORE_NVIM_HARNESS'))
local result, finish = H.result, H.finish
vim.notify = function() end

local function lore_diags(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == 'lore' then
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(out, { lnum = d.lnum, col = d.col, code = code, message = d.message })
    end
  end
  return out
end

local ok, err = pcall(function()
  local _, buf, client = H.open_with_plugin()
  result.filetype = vim.bo[buf].filetype
  vim.wait(3000, function() return false end, 100)
  result.before = lore_diags(buf)
  -- line 3 (0-based 2) is the body of `pub fn fail()`: the crate written by its path, unsaved
  vim.api.nvim_buf_set_lines(buf, 2, 2, false, { '    anyhow::bail!("no");' })
  vim.wait(20000, function() return #lore_diags(buf) > 0 end, 20)
  result.flagged = lore_diags(buf)
  local h = H.request_sync(client, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 2, character = 6 } }, buf, 20000)
  result.hover = (h and h.result and h.result.contents and h.result.contents.value) or vim.NIL
  vim.api.nvim_buf_set_lines(buf, 2, 3, false, {})
  vim.wait(20000, function() return #lore_diags(buf) == 0 end, 20)
  result.cleared = lore_diags(buf)
  result.modified = vim.bo[buf].modified
end)
finish(ok, err and tostring(err) or nil)
