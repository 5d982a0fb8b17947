-- A Rust crate typed by its path alone (`anyhow::bail!`, no `use`) in an unsaved buffer, through the plugin as
-- the README sets it up: the rejected crate is flagged on the line typed, its hover names the decision, and the
-- flag goes when the line does; then Cargo.toml: its committed rejected dependency is flagged, and so is one typed
-- into [dependencies]. Writes what it saw to $LORE_NVIM_OUT (JSON).
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

  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('LORE_MANIFEST')))
  local toml = vim.api.nvim_get_current_buf()
  result.manifest_filetype = vim.bo[toml].filetype
  assert(vim.wait(20000, function() return vim.b[toml].lore_client ~= nil end, 20), 'no client for Cargo.toml')
  vim.wait(20000, function() return #lore_diags(toml) > 0 end, 20)
  result.manifest_committed = lore_diags(toml)
  -- line 6 (0-based 5): a new dependency typed under the committed one, unsaved
  vim.api.nvim_buf_set_lines(toml, 5, 5, false, { 'lazy_static = "1.4"' })
  vim.wait(20000, function() return #lore_diags(toml) > 1 end, 20)
  result.manifest_typed = lore_diags(toml)
end)
finish(ok, err and tostring(err) or nil)
