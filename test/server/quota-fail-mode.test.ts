import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { build, MINI_DATA, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { freePort } from '../helpers/free-port.ts';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { type RunningServer, startServer } from '../helpers/server-process.ts';

// QUOTA_FAIL_MODE per tier, on the real server with a Redis quota store that never answers: the
// store's URL is a loopback port nothing listens on, so the whole file is one outage (no Redis needed).
const SUMMARY = '/api/v1/diseases/MONDO:0009061/summary';
const READY = '/api/v1/health/ready';
const MIXED = 'free=closed,developer=closed,professional=open';

/** Day-only limits, so RateLimit-Policy does not depend on the month's length. */
const TIERS = {
  tiers: {
    free: { day: 5, month: null },
    developer: { day: 5, month: null },
    professional: { day: 3, month: null },
    enterprise: { day: null, month: null },
    test: { day: 5, month: null },
  },
};

const quotaCheck = (r: RawResponse) => {
  const checks = (r.json() as { checks: { name: string; ok: boolean; required: boolean; detail: string }[] }).checks;
  return checks.find((c) => c.name === 'quota-store')!;
};

describe('QUOTA_FAIL_MODE per tier, Redis unreachable', () => {
  const servers: Record<'mixed' | 'closed', RunningServer | null> = { mixed: null, closed: null };
  let keys: Record<string, string> = {};

  before(async () => {
    const dist = tempDir('fail-mode-dist');
    const dir = tempDir('fail-mode-state');
    const built = await build(MINI_DATA, dist);
    assert.equal(built.ok, true, built.log);
    const made = makeKeys([
      { tier: 'free', name: 'free' },
      { tier: 'professional', name: 'professional' },
      { tier: 'enterprise', name: 'enterprise' },
    ]);
    keys = made.keys;
    writeFileSync(join(dir, 'tiers.json'), JSON.stringify(TIERS));
    const redis = `redis://127.0.0.1:${await freePort()}/0`;
    const env = (name: string, mode: string) => ({
      DIST_DIR: dist,
      KEYS_FILE: made.file,
      TIERS_FILE: join(dir, 'tiers.json'),
      LOG_FILE: join(dir, `${name}.log`),
      QUOTA_STORE: redis,
      QUOTA_FAIL_MODE: mode,
      WEBHOOK_STORE: 'file',
      WEBHOOK_DIR: join(dir, `${name}-webhooks`),
      WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
    });
    [servers.mixed, servers.closed] = await Promise.all([
      startServer(env('mixed', MIXED)),
      // Every metered tier closed; enterprise, unmetered, is left open and does not count.
      startServer(env('closed', 'free=closed,developer=closed,professional=closed')),
    ]);
  });

  after(async () => {
    for (const s of Object.values(servers)) await s?.stop();
  });

  it('a free key (closed) gets a 503 unavailable problem with Retry-After, not counted', async () => {
    const r = await call(servers.mixed!.url, SUMMARY, { headers: bearer(keys.free) });
    assert.equal(r.status, 503);
    assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(r.headers['retry-after'], '2');
    assert.equal(r.headers.ratelimit, undefined);
    assert.equal(r.headers['ratelimit-policy'], undefined);
    const body = r.json();
    assert.equal(body.type, `${PROBLEM_BASE}unavailable`);
    assert.equal(body.status, 503);
    assert.equal(body.title, 'Service unavailable');
    assert.equal(
      body.detail,
      'The quota store does not answer, and this server refuses metered calls of the free tier until it does (QUOTA_FAIL_MODE); the call was not counted.',
    );
  });

  it('a professional key (open) is served 200 with quota headers, counted and limited in this process', async () => {
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await call(servers.mixed!.url, SUMMARY, { headers: bearer(keys.professional) }));
    assert.deepEqual(
      replies.map((r) => r.status),
      [200, 200, 200, 429],
    );
    for (const r of replies) assert.equal(r.headers['ratelimit-policy'], '"day";q=3;w=86400');
    assert.deepEqual(
      replies.map((r) => /^"day";r=(\d+);t=\d+$/.exec(String(r.headers.ratelimit))?.[1]),
      ['2', '1', '0', '0'],
    );
    assert.equal(replies[0].json().data.id, 'MONDO:0009061');
    assert.equal(replies[3].json().type, `${PROBLEM_BASE}quota-exceeded`);
  });

  it('an enterprise key (unmetered) is served 200 without quota headers', async () => {
    for (const server of [servers.mixed!, servers.closed!]) {
      const r = await call(server.url, SUMMARY, { headers: bearer(keys.enterprise) });
      assert.equal(r.status, 200);
      assert.equal(r.headers.ratelimit, undefined);
    }
  });

  it('with one metered tier open the box stays ready, reporting the store down but not required', async () => {
    const r = await call(servers.mixed!.url, READY);
    assert.equal(r.status, 200);
    const check = quotaCheck(r);
    assert.deepEqual([check.ok, check.required], [false, false]);
    assert.match(
      check.detail,
      /^Redis does not answer \([a-z]+\); refusing metered calls of free, developer \(503\), serving and counting those of professional locally until it is back$/,
    );
  });

  it('with every metered tier closed the box is not ready, and a professional key gets the 503', async () => {
    const r = await call(servers.closed!.url, READY);
    assert.equal(r.status, 503);
    assert.equal(r.headers['retry-after'], '2');
    assert.equal(r.json().type, `${PROBLEM_BASE}unavailable`);
    const check = quotaCheck(r);
    assert.deepEqual([check.ok, check.required], [false, true]);
    assert.match(check.detail, /^Redis does not answer \([a-z]+\); refusing metered calls \(503\) until it is back$/);
    const pro = await call(servers.closed!.url, SUMMARY, { headers: bearer(keys.professional) });
    assert.equal(pro.status, 503);
    assert.equal(pro.headers['retry-after'], '2');
    assert.equal(
      pro.json().detail,
      'The quota store does not answer, and this server refuses metered calls of the professional tier until it does (QUOTA_FAIL_MODE); the call was not counted.',
    );
  });
});
