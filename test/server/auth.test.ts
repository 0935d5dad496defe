import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Req, Res } from '../../server/http/context.ts';
import { guarded } from '../../server/http/chain.ts';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { generateKey } from '../../server/keys/key-format.ts';
import { KeyStore } from '../../server/keys/key-store.ts';
import { auth } from '../../server/middleware/auth.ts';
import { requireScope } from '../../server/middleware/require-scope.ts';
import { type GuardServer, serveGuarded } from '../helpers/guard-server.ts';

const CHALLENGE = 'Bearer realm="disease-content-service"';
const dir = mkdtempSync(join(tmpdir(), 'auth-test-'));
const store = KeyStore.load(join(dir, 'keys.json'));
const developer = store.create({ tier: 'developer', name: 'dev' });
const professional = store.create({ tier: 'professional', test: true });
const revoked = store.create({ tier: 'enterprise' });
store.revoke(revoked.entry.id);

/** The request context the app starts for every request, with a fixed id. */
function withContext(req: Req): true {
  req.ctx = {
    id: 'test',
    start: performance.now(),
    route: null,
    principal: null,
    cache: null,
    counted: false,
    headers: [],
    charge: null,
    onEnd: null,
  };
  return true;
}

function echoPrincipal(req: Req, res: Res): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(req.ctx.principal));
}

let app: GuardServer;
let base: string;

before(async () => {
  const authn = auth({ store });
  app = await serveGuarded({
    '/api/v1/diseases': guarded([withContext, authn, requireScope('search')], echoPrincipal),
    '/api/v1/diseases/bulk': guarded([withContext, authn, requireScope('bulk')], echoPrincipal),
    '/misconfigured': guarded([withContext, requireScope('read')], echoPrincipal),
  });
  base = app.url;
});

after(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, authorization?: string, method = 'GET') {
  const res = await fetch(base + path, { method, headers: authorization === undefined ? {} : { authorization } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function unauthorized(detail: string, reason: string) {
  return {
    type: `${PROBLEM_BASE}unauthorized`,
    title: 'Missing or invalid API key',
    status: 401,
    detail,
    reason,
    instance: '/api/v1/diseases',
    requestId: 'test',
  };
}

async function assertUnauthorized(authorization: string | undefined, challenge: string, detail: string, reason: string) {
  const res = await get('/api/v1/diseases', authorization);
  assert.equal(res.status, 401);
  assert.equal(res.headers.get('www-authenticate'), challenge);
  assert.equal(res.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(res.text)));
  assert.deepEqual(JSON.parse(res.text), unauthorized(detail, reason));
  return res.text;
}

const invalid = (description: string) => `${CHALLENGE}, error="invalid_token", error_description="${description}"`;
const MISSING = 'No API key: send the header `Authorization: Bearer <API key>`.';
const WRONG_SCHEME = 'The Authorization header does not use the Bearer scheme: send `Authorization: Bearer <API key>`.';
const MALFORMED = 'The API key is malformed: expected svc_live_ or svc_test_ followed by 38 base62 characters.';
const CHECKSUM = 'The API key checksum does not match: the key was mistyped or truncated.';
const UNKNOWN = 'The API key is unknown or has been revoked.';

describe('auth middleware', () => {
  it('401s a request without Authorization with a bare Bearer challenge', async () => {
    await assertUnauthorized(undefined, CHALLENGE, MISSING, 'missing');
  });

  it('401s another scheme like a missing key, without echoing the credentials', async () => {
    const text = await assertUnauthorized('Basic c2VjcmV0OnB3', CHALLENGE, WRONG_SCHEME, 'missing');
    assert.equal(text.includes('c2VjcmV0OnB3'), false);
  });

  it('401s a malformed key with invalid_token', async () => {
    const challenge = invalid('The API key is malformed');
    const text = await assertUnauthorized('Bearer svc_live_not-a-key', challenge, MALFORMED, 'malformed');
    assert.equal(text.includes('not-a-key'), false);
    await assertUnauthorized('Bearer', challenge, MALFORMED, 'malformed');
    await assertUnauthorized(`Bearer ${developer.key}x`, challenge, MALFORMED, 'malformed');
  });

  it('401s a one-character typo as a checksum error', async () => {
    const key = developer.key;
    const typo = key.slice(0, 20) + (key[20] === 'A' ? 'B' : 'A') + key.slice(21);
    const text = await assertUnauthorized(`Bearer ${typo}`, invalid('The API key checksum does not match'), CHECKSUM, 'checksum');
    assert.equal(text.includes(typo.slice(9)), false);
  });

  it('401s an unknown and a revoked key alike', async () => {
    const challenge = invalid('The API key is unknown or revoked');
    const unknown = generateKey('live');
    const text = await assertUnauthorized(`Bearer ${unknown}`, challenge, UNKNOWN, 'unknown-or-revoked');
    assert.equal(text.includes(unknown.slice(9)), false);
    await assertUnauthorized(`Bearer ${revoked.key}`, challenge, UNKNOWN, 'unknown-or-revoked');
  });

  it('sends the 401 headers without a body to HEAD', async () => {
    const res = await get('/api/v1/diseases', undefined, 'HEAD');
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), CHALLENGE);
    assert.equal(res.text, '');
  });

  it('passes a valid key through with its principal, case-insensitive scheme included', async () => {
    const expected = { keyId: developer.entry.id, name: 'dev', tier: 'developer', scopes: ['read', 'search'], test: false };
    for (const header of [`Bearer ${developer.key}`, `bearer  ${developer.key} `]) {
      const res = await get('/api/v1/diseases', header);
      assert.equal(res.status, 200, header);
      assert.equal(res.headers.get('www-authenticate'), null);
      assert.deepEqual(JSON.parse(res.text), expected);
    }
  });
});

describe('requireScope middleware', () => {
  it('403s a key without the bulk scope, naming the scope and tier', async () => {
    const res = await get('/api/v1/diseases/bulk', `Bearer ${developer.key}`);
    assert.equal(res.status, 403);
    assert.equal(
      res.headers.get('www-authenticate'),
      `${CHALLENGE}, error="insufficient_scope", error_description="The API key lacks the bulk scope", scope="bulk"`,
    );
    assert.equal(res.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.deepEqual(JSON.parse(res.text), {
      type: `${PROBLEM_BASE}forbidden`,
      title: 'The API key lacks the permission this endpoint needs',
      status: 403,
      detail: "This endpoint needs the 'bulk' scope; this API key (tier developer) has: read, search.",
      requiredScope: 'bulk',
      tier: 'developer',
      instance: '/api/v1/diseases/bulk',
      requestId: 'test',
    });
  });

  it('lets a professional test key reach the bulk route', async () => {
    const res = await get('/api/v1/diseases/bulk', `Bearer ${professional.key}`);
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), {
      keyId: professional.entry.id,
      name: null,
      tier: 'professional',
      scopes: ['read', 'search', 'bulk', 'webhooks'],
      test: true,
    });
  });

  it('fails closed when mounted without auth', async () => {
    const res = await get('/misconfigured', `Bearer ${professional.key}`);
    assert.equal(res.status, 500);
    assert.equal(res.text, "requireScope('read') ran before the auth middleware");
  });
});
