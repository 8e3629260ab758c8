-- Authenticated API calls under wrk (scripts/bench/throughput.ts), with the summary line of wrk-summary.lua.
-- wrk ... -s wrk-api.lua <url> -- <mode> <data file>
--   info: POST {} with the tokens of the data file (one a line) in turn: every request a signed-in customer's call.
--   pay:  POST {"orderId":…,"idempotencyKey":…}, one line "<token> <orderId>" per payment, each order paid once, with a
--         fresh idempotency key per request (a distinct payment, not a replay); lines are interleaved by customer,
--         so the requests in flight belong to different customers. When the orders run out the thread stops.
local mode, calls, next_call, headers = nil, {}, 1, {}

function init(args)
  mode = args[1]
  for line in io.lines(args[2]) do
    local token, order = line:match('^(%S+)%s*(%d*)$')
    if token then calls[#calls + 1] = { token = token, order = tonumber(order) } end
  end
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers['content-type'] = 'application/json'
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
end

local function key()
  local t = {}
  for i = 1, 4 do t[i] = string.format('%08x', math.random(0, 0x7fffffff)) end
  return table.concat(t)
end

function request()
  local c = calls[next_call]
  if not c then
    wrk.thread:stop()
    c = calls[#calls]
  end
  next_call = next_call + 1
  if mode == 'info' and next_call > #calls then next_call = 1 end
  headers['token'] = c.token
  local body = '{}'
  if mode == 'pay' then body = string.format('{"orderId":%d,"idempotencyKey":"%s"}', c.order, key()) end
  return wrk.format('POST', nil, headers, body)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"bytes":%d,"durationUs":%d,"p99Us":%d,"p50Us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.bytes, summary.duration, latency:percentile(99), latency:percentile(50),
    e.status, e.connect + e.read + e.write + e.timeout))
end
