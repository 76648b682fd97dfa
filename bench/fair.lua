-- fair.lua -- wrk script for bench_fair.sh: small maps, each a new seed
-- (never a cache hit): the default JSON (made on the HTTP thread) and a
-- 151x151 PNG (a cheap map that goes to a worker), and a count of answers
-- by status.
local threads = {}
function setup(thread) table.insert(threads, thread) end

function init(args)
  math.randomseed(os.time() + #threads)
  counts = {}
  n = 0
end

function request()
  n = n + 1
  if n % 2 == 0 then
    return wrk.format("GET", string.format("/dungeon.png?seed=%d&rows=151&cols=151&cell=8", math.random(1, 1e9)))
  end
  return wrk.format("GET", string.format("/dungeon.json?seed=%d", math.random(1, 1e9)))
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    local c = t:get("counts")
    for s, k in pairs(c) do all[s] = (all[s] or 0) + k end
  end
  local total, busy = 0, 0
  for s, k in pairs(all) do
    total = total + k
    if s == 503 then busy = busy + k end
    io.write(string.format("small maps: status %d: %d\n", s, k))
  end
  io.write(string.format("small maps: %d answers, 503 share %.2f%%, p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
                         total, total > 0 and 100 * busy / total or 0, latency:percentile(50) / 1e3,
                         latency:percentile(99) / 1e3, latency.max / 1e3))
end
