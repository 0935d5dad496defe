import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SerializedPhenotypeIndex } from '../../server/contract/snapshot/phenotype-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';
import { call } from '../helpers/http.ts';
import { bearer } from './bench-context.ts';
import { createBenchEnv } from './bench-env.ts';
import { matchQueries } from './match-latency.ts';
import { startRealServer } from './real-server.ts';
import { openSnapshot } from './snapshot-source.ts';

/**
 * `tsx test/bench/match-profile.ts [-- --queries=1000] [-- --text]`: where the time of
 * /diseases/match goes. Starts the real server with `--cpu-prof`, pinned to CPU 0, sends the
 * match-http bench's 20-term queries one at a time (`--text`: the same queries as descriptions
 * made of the terms' labels), stops it and prints the self time per function and per file of the
 * profile (the samples taken while the requests ran, start-up left out), largest first.
 */

const ROOT = resolve(import.meta.dirname, '../..');

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { queries: { type: 'string', default: '1000' }, text: { type: 'boolean', default: false } } });
  const dist = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  const src = openSnapshot(dist);
  const m = new PhenotypeModel(readSnapshotJson<SerializedPhenotypeIndex>(src.dir, SNAPSHOT_FILES.phenotypeIndex));
  const queries = matchQueries(m, 100 + Number(values.queries)).map((q) =>
    values.text ? `text=${encodeURIComponent(q.map((t) => m.labels[t]).join(', '))}` : `phenotypes=${q.map((t) => m.ids[t]).join(',')}`,
  );
  const env = createBenchEnv();
  const profDir = join(ROOT, '.scratch', 'match-profile');
  rmSync(profDir, { recursive: true, force: true });
  mkdirSync(profDir, { recursive: true });
  const server = await startRealServer({ env, dist, execArgv: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
  let started = 0;
  try {
    execFileSync('taskset', ['-p', '-c', '0', String(server.pid)], { stdio: 'ignore' });
    for (const [i, q] of queries.entries()) {
      if (i === 100) started = Date.now();
      const r = await call(server.url, `/api/v1/diseases/match?${q}`, { headers: bearer(env.unmeteredKey) });
      if (r.status !== 200) throw new Error(`match answered ${r.status}: ${r.body.toString().slice(0, 200)}`);
    }
  } finally {
    await server.stop();
    env.dispose();
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  report(JSON.parse(readFileSync(join(profDir, file), 'utf8')), started);
}

/** Self time per function and per file, over the samples taken after `since` (ms since the epoch). */
function report(p: { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] }, since: number): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let t = p.startTime;
  // Profile times are in µs from an arbitrary origin: the samples after the warm-up are the last ones, by count.
  const times = p.timeDeltas.map((d) => (t += d));
  const end = times[times.length - 1];
  const window = (Date.now() - since) * 1000;
  for (let i = 0; i < p.samples.length; i++) {
    if (times[i] < end - window) continue;
    const dt = p.timeDeltas[i + 1] ?? 0;
    self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + dt);
  }
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '') || '(native)';
    fn.set(
      `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`,
      (fn.get(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`) ?? 0) + us,
    );
    const group = where.includes('node_modules') ? where.replace(/.*node_modules\/([^/]+).*/, 'node_modules/$1') : where;
    file.set(group, (file.get(group) ?? 0) + us);
    total += us;
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  console.log(`${(total / 1000).toFixed(0)} ms of samples while the timed queries ran\n\nby function (self time):`);
  console.log(top(fn, 30).join('\n'));
  console.log('\nby file:');
  console.log(top(file, 20).join('\n'));
}

await main();
