import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, type RawResponse } from '../helpers/http.ts';
import { bareAnswer, replayHeaders, startBareServer } from './bare-target.ts';
import { bearer, type BenchContext, type CaseResult, type GroupResult } from './bench-context.ts';
import { nginxInstalled, startNginx } from './nginx-target.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { goal, printTable, rowsOf } from './report.ts';
import { compareTargets, type LoadTarget } from './run-load.ts';
import { entryOf, objectBytes } from './snapshot-source.ts';

/** A large real record: many phenotypes, genes, trials and groups. */
export const RECORD_ID = 'MONDO:0009061';
const PATH = `/api/v1/diseases/${RECORD_ID}`;
const STACK = 'whole stack';
const BARE = 'bare node:http';
const NGINX = 'nginx (static file)';

function expect(r: RawResponse, status: number, body: Buffer | null, what: string): void {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.body.toString('utf8').slice(0, 300)}`);
  if (body && !r.body.equals(body))
    throw new Error(`${what}: the body differs from the stored object (${r.body.length} vs ${body.length} bytes)`);
}

/**
 * Issue 4: the full record through the whole stack (auth, quota hook, access log, negotiation,
 * body cache) against a bare node:http server sending the same bytes and headers from memory, and
 * against nginx serving the same stored file, for a 200 (identity and gzip, the stored compressed variant) and a 304.
 */
export async function benchRecord(ctx: BenchContext): Promise<GroupResult> {
  const { src, env, options } = ctx;
  const entry = entryOf(src, RECORD_ID);
  const identity = objectBytes(src, entry, 'identity');
  const gz = entry[3] > 0 ? objectBytes(src, entry, 'gzip') : null;
  const etag = `W/"${entry[0]}"`;
  const auth = bearer(env.unmeteredKey);
  const started: RunningTarget[] = [];
  const notes: string[] = [];
  try {
    ctx.progress('record: starting the real server, the bare node:http server and nginx');
    const stack = await startRealServer({ env, dist: src.dist });
    started.push(stack);
    // The baseline mirrors the real server's headers, so both send the same bytes on the wire.
    const p200 = await call(stack.url, PATH, { headers: auth });
    expect(p200, 200, identity, 'whole stack 200');
    const pGz = gz ? await call(stack.url, PATH, { headers: { ...auth, 'accept-encoding': 'gzip' } }) : null;
    if (pGz && gz) expect(pGz, 200, gz, 'whole stack gzip');
    const p304 = await call(stack.url, PATH, { headers: { ...auth, 'if-none-match': etag } });
    expect(p304, 304, null, 'whole stack 304');
    const bare = await startBareServer(env.dir, 'record', [
      {
        url: PATH,
        identity: bareAnswer(env.dir, 'record', p200, identity),
        gzip: pGz && gz ? bareAnswer(env.dir, 'record-gzip', pGz, gz) : undefined,
        notModified: { etag, headers: replayHeaders(p304) },
      },
    ]);
    started.push(bare);

    let nginx: RunningTarget | null = null;
    let nginxEtag = '';
    if (nginxInstalled()) {
      // nginx serves a file: the record's bytes, copied out of their pack.
      const file = join(env.dir, 'record.json');
      writeFileSync(file, identity);
      nginx = await startNginx(env.dir, [{ path: PATH, file }]);
      started.push(nginx);
      const n = await call(nginx.url, PATH);
      expect(n, 200, identity, 'nginx 200');
      nginxEtag = String(n.headers.etag);
    } else notes.push('nginx is not installed (apt-get install -y nginx): its rows are skipped');

    const at = (t: RunningTarget, name: string, headers: Record<string, string>, status: number): LoadTarget => ({
      name,
      url: t.url + PATH,
      headers: { ...auth, ...headers },
      expectStatus: status,
      pid: t.pid,
    });
    const cases: { name: string; request: string; targets: LoadTarget[]; notes: string[] }[] = [
      {
        name: `200 identity (${identity.length.toLocaleString('en-US')} bytes)`,
        request: `GET ${PATH}`,
        targets: [at(stack, STACK, {}, 200), at(bare, BARE, {}, 200), ...(nginx ? [at(nginx, NGINX, {}, 200)] : [])],
        notes: nginx ? ['nginx sends its own headers (Server, Last-Modified, Accept-Ranges; no X-Request-Id, Vary or Cache-Control)'] : [],
      },
      ...(gz
        ? [
            {
              name: `200 gzip (${gz.length.toLocaleString('en-US')} bytes)`,
              request: `GET ${PATH}, Accept-Encoding: gzip`,
              targets: [at(stack, STACK, { 'accept-encoding': 'gzip' }, 200), at(bare, BARE, { 'accept-encoding': 'gzip' }, 200)],
              notes: nginx ? ['nginx: no row, it serves the identity file (gzip_static would need a .gz file beside it)'] : [],
            },
          ]
        : []),
      {
        name: '304 (If-None-Match)',
        request: `GET ${PATH}, If-None-Match: ${etag}`,
        targets: [
          at(stack, STACK, { 'if-none-match': etag }, 304),
          at(bare, BARE, { 'if-none-match': etag }, 304),
          ...(nginx ? [at(nginx, NGINX, { 'if-none-match': nginxEtag }, 304)] : []),
        ],
        notes: nginx ? [`nginx gets its own ETag (${nginxEtag}), from size and mtime`] : [],
      },
    ];
    const results: CaseResult[] = [];
    const goals = [];
    for (const c of cases) {
      ctx.progress(`record: ${c.name}`);
      const rows = rowsOf(await compareTargets(c.targets, options, ctx.progress), BARE);
      printTable(`Full record ${RECORD_ID}, ${c.name}: ${c.request}`, rows, BARE, c.notes);
      const ratio = rows.find((r) => r.target === STACK)!.ratio;
      goals.push(goal(`${c.name}: whole stack >= 0.85 of bare node:http`, ratio, ratio >= 0.85, ratio.toFixed(2)));
      results.push({ name: c.name, request: c.request, baseline: BARE, rows, notes: c.notes });
    }
    return { cases: results, goals, notes };
  } finally {
    await Promise.all(started.map((t) => t.stop()));
  }
}
