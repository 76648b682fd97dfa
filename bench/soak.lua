-- soak.lua -- wrk script for bench_soak.sh: each request a random map
-- (seed, route, size, family) or a static route, and a count of answers by
-- status, with the deliberate 503s (full queue, memory budget) apart.
local routes = { "/dungeon.json", "/dungeon.png", "/dungeon.txt", "/dungeon.donjon.json",
                 "/dungeon.foundry.json", "/dungeon.uvtt" }
local families = { "donjon", "donjon", "caverns", "panels", "gridmapper", "abstract", "cells" }
local sizes = { 15, 21, 21, 31, 45, 45, 61 }
local others = { "/healthz", "/", "/openapi.yaml", "/metrics" }

-- SOAK_GZIP=off: clients that do not take gzip (the cache then never
-- needs a gzip form: what storing costs shows alone)
no_gzip = os.getenv("SOAK_GZIP") == "off"

local threads = {}
function setup(thread) table.insert(threads, thread) end

function init(args)
  math.randomseed(os.time() + math.floor(os.clock() * 1e6) + #threads)
  counts = {}
end

function request()
  if math.random(10) == 1 then return wrk.format("GET", others[math.random(#others)]) end
  local route = routes[math.random(#routes)]
  local n = sizes[math.random(#sizes)]
  local q = string.format("%s?seed=%d&algorithm=%s&rows=%d&cols=%d", route, math.random(1, 1000000),
                          families[math.random(#families)], n, n)
  if route == "/dungeon.png" then q = q .. "&cell=" .. (8 + 2 * math.random(0, 4)) end
  if route == "/dungeon.uvtt" then q = q .. "&ppg=20" end
  if no_gzip then return wrk.format("GET", q) end
  return wrk.format("GET", q, { ["Accept-Encoding"] = "gzip" })
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local total, by = 0, {}
  for _, t in ipairs(threads) do
    local c = t:get("counts")
    for s, n in pairs(c) do by[s] = (by[s] or 0) + n; total = total + n end
  end
  local non2xx, busy, line = 0, 0, ""
  for s, n in pairs(by) do
    line = line .. string.format(" %d:%d", s, n)
    if s == 503 then busy = busy + n elseif s < 200 or s >= 300 then non2xx = non2xx + n end
  end
  io.write(string.format("answers %d by status%s\n", total, line))
  io.write(string.format("non-2xx %d (503s apart: %d)\n", non2xx, busy))
end
