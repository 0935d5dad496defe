// Loaded into a benchmarked server with `--import` (the ready group): every 100 ms, one line to
// BENCH_LOOP_FILE with the longest event-loop delay of that interval (perf_hooks, 1 ms
// resolution), resident memory and heap. Plain JavaScript, so any checkout's server can load it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), maxMs: delay.max / 1e6, rss: m.rss, heap: m.heapUsed })}\n`);
    delay.reset();
  }, 100).unref();
}
