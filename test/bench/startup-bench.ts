import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { BUNDLES } from '../../server/contract/snapshot/app-paths.ts';
import { call } from '../helpers/http.ts';
import { bearer, type BenchContext, type GroupResult } from './bench-context.ts';
import { stopChild, track } from './child-registry.ts';
import { RECORD_ID } from './record-bench.ts';
import { freePort } from '../helpers/free-port.ts';
import { goal } from './report.ts';

// BENCH_SERVER_ROOT names another checkout (e.g. main) whose server/main.ts is started with tsx:
// the "before" of a before/after comparison.
const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE_ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? ROOT);
const RECORD = `/api/v1/diseases/${RECORD_ID}/summary`;
const SEARCH = '/api/v1/diseases/search?q=cystic%20fibrosis';
// A 20-term match: the model must be loaded and warm for the first one to be fast (issue 29).
const MATCH = `/api/v1/diseases/match?phenotypes=${'0001250,0001252,0001263,0004322,0000252,0001249,0000486,0000365,0001631,0001629,0000175,0000089,0002984,0000639,0000508,0002076,0002110,0004401,0001738,0000098'
  .split(',')
  .map((n) => `HP:${n}`)
  .join(',')}`;
const GOAL_MS = 1000;

interface Start {
  firstRecordMs: number;
  firstSearchMs: number;
  /** The first match request's own time, sent once the first search answered. */
  firstMatchMs: number;
}

/**
 * Start one server and time, from the spawn, the first answered record (its summary, a 200 with a
 * key: manifest loaded, key file read, request path ready) and then the first answered search (the
 * listing, search index and engine ready). Polls every 5 ms; any status but 200 fails the run.
 */
async function timeStart(args: string[], env: NodeJS.ProcessEnv, key: string): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = track(spawn(process.execPath, args, { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] }));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode} before it answered`);
      if (performance.now() - t0 > 60_000) throw new Error(`${args.join(' ')} did not answer within 60 s`);
      const r = await call(url, RECORD, { headers: bearer(key) }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') return null;
        throw err;
      });
      if (r) {
        if (r.status !== 200) throw new Error(`GET ${RECORD} answered ${r.status} during start-up`);
        break;
      }
      await sleep(5);
    }
    const firstRecordMs = performance.now() - t0;
    const s = await call(url, SEARCH, { headers: bearer(key) });
    if (s.status !== 200) throw new Error(`GET ${SEARCH} answered ${s.status}`);
    const firstSearchMs = performance.now() - t0;
    const m = await call(url, MATCH, { headers: bearer(key) });
    if (m.status !== 200) throw new Error(`GET ${MATCH} answered ${m.status}`);
    return { firstRecordMs, firstSearchMs, firstMatchMs: performance.now() - t0 - firstSearchMs };
  } finally {
    await stopChild(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Issue 14: start-up time to the first served request, the server from source through tsx (as
 * before the bundle; BENCH_SERVER_ROOT for another checkout's) against the bundle
 * (`node dist/server.mjs`, no tsx, no node_modules lookups), over the real snapshot; medians of
 * `rounds` starts each, alternating. Also the size of each bundle. No HTTP load: safe on a busy
 * machine, though a busy machine slows both.
 */
export async function benchStartup(ctx: BenchContext): Promise<GroupResult> {
  const { env, src, options } = ctx;
  const bundle = join(src.dist, 'server.mjs');
  if (!existsSync(bundle)) throw new Error(`no bundle at ${bundle}: run \`npm run build\` first`);
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DIST_DIR: src.dist,
    KEYS_FILE: env.keysFile,
    TIERS_FILE: env.tiersFile,
    LOG_FILE: '/dev/null',
    LOG_LEVEL: 'info',
    QUOTA_STORE: 'memory',
    QUOTA_STATE_FILE: join(env.dir, 'startup-quota.json'),
    WEBHOOK_DIR: join(env.dir, 'startup-webhooks'),
    SHUTDOWN_GRACE_MS: '1000',
    WORKERS: '1',
  };
  const targets = [
    {
      name: `tsx ${SOURCE_ROOT === ROOT ? 'server/main.ts' : join(SOURCE_ROOT, 'server/main.ts')}`,
      args: ['--import', 'tsx', join(SOURCE_ROOT, 'server/main.ts')],
    },
    { name: 'node dist/server.mjs', args: [bundle] },
  ];
  const runs = new Map<string, Start[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < Math.max(options.rounds, 3); round++) {
    for (const t of targets) {
      ctx.progress(`startup: round ${round + 1}, ${t.name}`);
      runs.get(t.name)!.push(await timeStart(t.args, serverEnv, env.unmeteredKey));
    }
  }
  const w = Math.max(...targets.map((t) => t.name.length)) + 2;
  console.log(
    `\nStart-up over snapshot ${src.manifest.snapshot} (${src.manifest.counts.diseases} diseases; manifest ${(statSync(join(src.dir, SNAPSHOT_FILES.manifest)).size / 1e6).toFixed(1)} MB), medians`,
  );
  console.log(
    `  ${'target'.padEnd(w)}${'first record ms'.padStart(17)}${'first search ms'.padStart(17)}${'first match ms'.padStart(16)}   first record per round`,
  );
  const rows = targets.map((t) => {
    const r = runs.get(t.name)!;
    const row = {
      target: t.name,
      firstRecordMs: median(r.map((x) => x.firstRecordMs)),
      firstSearchMs: median(r.map((x) => x.firstSearchMs)),
      firstMatchMs: median(r.map((x) => x.firstMatchMs)),
      rounds: r,
    };
    console.log(
      `  ${t.name.padEnd(w)}${row.firstRecordMs.toFixed(0).padStart(17)}${row.firstSearchMs.toFixed(0).padStart(17)}${row.firstMatchMs.toFixed(0).padStart(16)}   ${r.map((x) => x.firstRecordMs.toFixed(0)).join(' ')}`,
    );
    return row;
  });
  const sizes = Object.keys(BUNDLES)
    .filter((f) => existsSync(join(src.dist, f)))
    .map((f) => {
      const bytes = readFileSync(join(src.dist, f));
      return { file: f, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
    });
  console.log(
    `  bundles: ${sizes.map((s) => `${s.file} ${(s.bytes / 1024).toFixed(0)} KB (${(s.gzipBytes / 1024).toFixed(0)} KB gzipped)`).join(', ')}`,
  );
  const bundled = rows[1].firstRecordMs;
  const goals = [
    goal(`start-up to the first served record under ${GOAL_MS} ms (bundle)`, bundled, bundled < GOAL_MS, `${bundled.toFixed(0)} ms`),
  ];
  return { cases: [], goals, notes: [], data: { startup: rows, bundles: sizes } };
}
