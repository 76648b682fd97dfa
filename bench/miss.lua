-- miss.lua -- wrk script: every request a named seed never asked before (per
-- thread ranges), so a cache-on daemon stores every answer and never hits:
-- what storing costs beside cache off (issue 23). Takes gzip.
--   wrk -t2 -c64 -d8s -s bench/miss.lua http://127.0.0.1:PORT
local k = 0
function setup(thread) k = k + 1; thread:set("id", k) end
function init(args) n = id * 100000000 + (os.time() % 100000) * 1000 end
function request() n = n + 1; return wrk.format("GET", "/dungeon.json?seed=" .. n, {["Accept-Encoding"] = "gzip"}) end
