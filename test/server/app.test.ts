import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build, MINI_DATA, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { type ListeningServer, inject, startInProcess } from '../helpers/in-process.ts';
import { makeKeys } from '../helpers/keys.ts';

/**
 * The server as createServer builds it, over the mini snapshot, asked in process (inject: no
 * socket) and over a loopback socket: every request takes the same path, from the router on.
 */
const CF = 'MONDO:0009061';
const made = makeKeys([{ tier: 'professional', name: 'pro' }]);
// A fixed request id (the app honours one it is sent), so that two answers can be compared whole.
const key = { authorization: `Bearer ${made.keys.pro}`, 'x-request-id': 'same-request' };
let running: ListeningServer;

before(async () => {
  const dist = tempDir('app');
  const r = await build(MINI_DATA, dist);
  assert.equal(r.ok, true, r.log);
  const dir = tempDir('app-state');
  running = await startInProcess({
    DIST_DIR: dist,
    KEYS_FILE: made.file,
    QUOTA_STATE_FILE: join(dir, 'quota.json'),
    WEBHOOK_DIR: join(dir, 'outbox'),
    WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
  });
});
after(async () => {
  await running?.close();
});

/** What an answer is, less its request id (minted per request). */
function answer(status: number, headers: Record<string, string | string[] | number | undefined>, body: string) {
  const pick = (name: string) => (headers[name] === undefined ? null : String(headers[name]));
  return { status, type: pick('content-type'), etag: pick('etag'), allow: pick('allow'), body };
}

describe('createServer: one way in', () => {
  it('answers a request in process exactly as over its socket', async () => {
    const paths = [
      `/api/v1/diseases/${CF}/summary`,
      `/api/v1/diseases/${CF.toLowerCase()}`,
      '/api/v1/diseases/search?q=cystic',
      '/api/v1/phenotypes/annotate?text=recurrent%20seizures',
      '/api/v1/nowhere',
      '/docs/index.html',
    ];
    for (const path of paths) {
      const injected = await inject(running.server, { url: path, headers: key });
      const res = await fetch(running.url + path, { headers: key, redirect: 'manual' });
      const headers = Object.fromEntries(res.headers);
      assert.deepEqual(answer(injected.statusCode, injected.headers, injected.body), answer(res.status, headers, await res.text()), path);
    }
  });

  it('routes a static segment before a parameter: /phenotypes/annotate is not an HPO id', async () => {
    const res = await inject(running.server, { url: '/api/v1/phenotypes/annotate?text=recurrent%20seizures', headers: key });
    assert.equal(res.statusCode, 200);
    assert.ok(Array.isArray(res.json().data));
    assert.equal(typeof res.json().meta, 'object');
    const term = await inject(running.server, { url: '/api/v1/phenotypes/annotated', headers: key });
    assert.equal(term.statusCode, 400);
    assert.equal(term.json().invalidParams[0].name, 'hpoId');
  });

  it('answers a path nothing serves, a method a path does not serve, OPTIONS and HEAD', async () => {
    const none = await inject(running.server, '/api/v1/nowhere?x=1');
    assert.equal(none.statusCode, 404);
    assert.deepEqual(
      [none.json().type, none.json().detail],
      ['https://disease-content-service.dev/problems/not-found', 'No endpoint at /api/v1/nowhere. See /api/v1/openapi.'],
    );
    const post = await inject(running.server, { method: 'POST', url: '/api/v1/health' });
    assert.deepEqual([post.statusCode, post.headers.allow], [405, 'GET, HEAD, OPTIONS']);
    const options = await inject(running.server, { method: 'OPTIONS', url: '/api/v1/health' });
    assert.deepEqual([options.statusCode, options.headers.allow, options.body], [204, 'GET, HEAD, OPTIONS', '']);
    const head = await inject(running.server, { method: 'HEAD', url: `/api/v1/diseases/${CF}/summary`, headers: key });
    const get = await inject(running.server, { url: `/api/v1/diseases/${CF}/summary`, headers: key });
    assert.deepEqual([head.statusCode, head.body, head.headers.etag], [200, '', get.headers.etag]);
  });
});
