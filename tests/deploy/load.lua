-- load.lua -- wrk script for the stack test: three requests in four are
-- random-seed maps (never cached: each one reaches an instance), the fourth
-- one of 50 named seeds (cached by nginx after its first answer).
local n = 0

function setup(thread)
  thread:set("first", math.random(1, 1000000))
end

function request()
  n = n + 1
  if n % 4 == 0 then
    return wrk.format("GET", "/dungeon.json?seed=" .. ((first + n) % 50))
  end
  return wrk.format("GET", "/dungeon.json")
end
