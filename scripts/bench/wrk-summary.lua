-- wrk's summary of a run as one JSON line, read by scripts/bench/throughput.ts.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"bytes":%d,"durationUs":%d,"p99Us":%d,"p50Us":%d,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.bytes, summary.duration, latency:percentile(99), latency:percentile(50),
    e.status, e.connect + e.read + e.write + e.timeout))
end
