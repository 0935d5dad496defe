import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';
import { type FuzzEnv, fuzzCase } from './fuzz-cases.ts';
import {
  Client,
  figure,
  fmt,
  type PartServer,
  partDir,
  ProblemLog,
  procStats,
  raisedTiers,
  recordSecret,
  SETTINGS,
  startPartServer,
} from './harness.ts';
import { partKeys } from './keys.ts';
import { closeAllowed, problemFault } from './problem-check.ts';

const PART = 'fuzz';
/** Requests in flight at once: enough to keep the server's one core busy over keep-alive connections. */
const CONCURRENCY = 48;

describe('reliability: fuzz', () => {
  let server: PartServer;
  let client: Client;
  let env: FuzzEnv;
  let dir: string;

  before(async () => {
    await ensureRealSnapshot();
    dir = partDir(PART);
    const { file, keys } = partKeys(dir, PART);
    server = await startPartServer({
      DIST_DIR: REAL_DIST,
      KEYS_FILE: file,
      QUOTA_STATE_FILE: join(dir, 'quota-state.json'),
      LOG_FILE: join(dir, 'server.log'),
      WEBHOOK_DIR: join(dir, 'webhooks'),
      WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
      WEBHOOK_ALLOW_ADDRESSES: 'loopback',
      WEBHOOK_ALLOW_HTTP: 'true',
      // Professional and enterprise calls reach the handlers; free, developer and test keys run out (429s).
      TIERS_FILE: raisedTiers(dir, ['professional']),
    });
    client = new Client(server.url, CONCURRENCY);
    const webhookIds: string[] = [];
    for (const owner of ['professional', 'enterprise']) {
      const a = await client.send({
        method: 'POST',
        path: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${keys[owner]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', description: 'fuzz' }),
      });
      assert.equal(a.status, 201, a.body.toString());
      const created = JSON.parse(a.body.toString()).data;
      webhookIds.push(created.id);
      recordSecret('webhook-secret', created.secret, PART);
    }
    env = { keys, webhookIds };
  });

  after(async () => {
    client?.close();
    await server?.stop();
  });

  it(`${fmt(SETTINGS.fuzzRequests)} seeded hostile requests: no 5xx, every error a problem, /health answers afterwards`, async () => {
    if (SETTINGS.replay !== null) {
      const r = fuzzCase(SETTINGS.replay, env);
      const a = await client.send(r).catch((err: Error) => err);
      process.stdout.write(
        `replay of seed ${SETTINGS.replay}:\n${JSON.stringify(r, null, 1)}\n=> ${a instanceof Error ? a.message : `${a.status} ${JSON.stringify(a.headers)}\n${a.body.toString('utf8').slice(0, 2000)}`}\n`,
      );
      return;
    }
    const problems = new ProblemLog(join(dir, 'problems.jsonl'));
    const statuses = new Map<number, number>();
    const faults: string[] = [];
    let fiveXX = 0;
    let notProblem = 0;
    let dropped = 0;
    let closed = 0;
    let next = 0;
    const t0 = performance.now();
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= SETTINGS.fuzzRequests) return;
        const seed = SETTINGS.seed + i;
        const r = fuzzCase(seed, env);
        try {
          const a = await client.send(r);
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a.status >= 500) fiveXX++;
          const fault = problemFault(a, r.method);
          if (fault) {
            notProblem++;
            if (faults.length < 20) faults.push(`seed ${seed} (${r.method} ${r.path.slice(0, 80)}): ${fault}`);
          }
          if (a.status >= 400 && a.body.length) problems.add(a.body);
          if (a.status >= 500 && faults.length < 20)
            faults.push(`seed ${seed} (${r.method} ${r.path.slice(0, 80)}): ${a.status} ${a.body.toString().slice(0, 200)}`);
        } catch (err) {
          if (closeAllowed(r.method, r.path)) {
            closed++;
            continue;
          }
          dropped++;
          if (faults.length < 20) faults.push(`seed ${seed} (${r.method} ${r.path.slice(0, 80)}): no answer (${(err as Error).message})`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - t0) / 1000;
    problems.flush();
    const health = await client.send({ method: 'GET', path: '/api/v1/health' });
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const rss = alive ? procStats(server.pid).rss : 0;
    const byStatus = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${fmt(n)}`)
      .join(', ');
    figure(
      PART,
      `${fmt(SETTINGS.fuzzRequests)} hostile requests (seeds ${SETTINGS.seed}-${SETTINGS.seed + SETTINGS.fuzzRequests - 1}) in ${fmt(seconds, 1)} s (${fmt(SETTINGS.fuzzRequests / seconds)}/s): ${fiveXX} 5xx, ${notProblem} errors not problem+json, ${dropped} dropped without an answer (${closed} requests the parser refuses in their request line closed instead of answered, allowed as a close); /health afterwards ${health.status}, RSS ${fmt(rss / 1e6)} MB. Statuses ${byStatus}`,
      {
        requests: SETTINGS.fuzzRequests,
        seconds,
        fiveXX,
        notProblem,
        dropped,
        closed,
        health: health.status,
        statuses: Object.fromEntries(statuses),
      },
    );
    assert.deepEqual(faults, [], `replay one with RELIABILITY_FUZZ_REPLAY=<seed>:\n${faults.join('\n')}`);
    assert.equal(fiveXX, 0);
    assert.equal(dropped, 0);
    assert.equal(health.status, 200);
    assert.ok(alive, 'the server is still running');
  });
});
