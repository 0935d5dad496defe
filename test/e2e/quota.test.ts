import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { bearer, call } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';
import { startServer } from '../helpers/server-process.ts';

const DAY = 5;
let env: Record<string, string>;
let keys: Record<string, string>;

before(async () => {
  await ensureRealSnapshot();
  const dir = mkdtempSync(join(tmpdir(), 'dcs-quota-e2e-'));
  const tiers = join(dir, 'tiers.json');
  writeFileSync(
    tiers,
    JSON.stringify({
      tiers: {
        free: { day: 1000, month: 1000 },
        developer: { day: DAY, month: 10000 },
        professional: { day: 10000, month: 100000 },
        enterprise: { day: null, month: null },
        test: { day: 2, month: 1000 },
      },
    }),
  );
  const made = makeKeys([
    { tier: 'developer', name: 'dev' },
    { tier: 'enterprise', name: 'ent' },
    { tier: 'enterprise', name: 'tst', test: true },
  ]);
  keys = made.keys;
  env = {
    DIST_DIR: REAL_DIST,
    KEYS_FILE: made.file,
    TIERS_FILE: tiers,
    QUOTA_STATE_FILE: join(dir, 'quota.json'),
    LOG_FILE: join(dir, 'access.log'),
  };
});

test('the real server admits exactly the daily quota of concurrent calls, counts survive a restart, 401s are not counted', async () => {
  let server = await startServer(env);
  try {
    for (let i = 0; i < 3; i++) assert.equal((await call(server.url, '/api/v1/diseases/MONDO:0009061/screening')).status, 401);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call(server.url, '/api/v1/diseases/MONDO:0009061/screening', { headers: bearer(keys.dev) })),
    );
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    assert.equal(ok.length, DAY);
    assert.equal(limited.length, 12 - DAY);
    for (const r of ok) assert.match(String(r.headers['ratelimit-policy']), /^"day";q=5;w=86400, "month";q=10000;w=\d+$/);
    assert.deepEqual(ok.map((r) => String(r.headers.ratelimit).replace(/;t=\d+$/, '')).sort(), [
      '"day";r=0',
      '"day";r=1',
      '"day";r=2',
      '"day";r=3',
      '"day";r=4',
    ]);
    const p = limited[0].json();
    assert.equal(limited[0].headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(p.type, 'https://disease-content-service.dev/problems/quota-exceeded');
    assert.equal(p.window, 'day');
    assert.equal(p.limit, DAY);
    assert.ok(Number(limited[0].headers['retry-after']) > 0 && Number(limited[0].headers['retry-after']) <= 86400);
    const unlimited = await call(server.url, '/api/v1/diseases/MONDO:0009061/screening', { headers: bearer(keys.ent) });
    assert.equal(unlimited.status, 200);
    assert.equal(unlimited.headers.ratelimit, undefined);
  } finally {
    assert.equal(await server.stop('SIGTERM'), 0);
  }
  server = await startServer(env);
  try {
    const after = await call(server.url, '/api/v1/diseases/MONDO:0009061/screening', { headers: bearer(keys.dev) });
    assert.equal(after.status, 429);
  } finally {
    await server.stop();
  }
});

test('a svc_test_ key is metered by the test policy whatever its tier', async () => {
  const server = await startServer(env);
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(server.url, '/api/v1/diseases/MONDO:0009061/summary', { headers: bearer(keys.tst) })).status);
    assert.deepEqual(statuses, [200, 200, 429]);
  } finally {
    await server.stop();
  }
});
