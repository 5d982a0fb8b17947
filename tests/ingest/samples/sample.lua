local util = require("app.util")
local M = {}

function M.get(key)
  return util.hash(key)
end

function M:put(v)
  self.v = v
end

local function helper(x)
  return x
end

function main()
  print(helper(1))
end

return M
