import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schemaErrors } from '../helpers/response-schemas.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { api } from '../helpers/json-api.ts';
import { app, fixture, pollDeliveries, receiver, subscribe } from '../helpers/webhook-fixture.ts';

const { keys } = fixture();

test('tiers below professional get 403 with the webhooks scope named; professional and enterprise keys may subscribe', async () => {
  const a = await app();
  for (const name of ['dev', 'free']) {
    const res = await api(a.url, '/api/v1/webhooks', { method: 'POST', key: keys[name], body: { url: 'https://example.org/' } });
    assert.equal(res.status, 403);
    assert.deepEqual(
      { requiredScope: res.json.requiredScope, tier: res.json.tier },
      { requiredScope: 'webhooks', tier: name === 'dev' ? 'developer' : 'free' },
    );
    assert.equal((await api(a.url, '/api/v1/webhooks', { key: keys[name] })).status, 403);
  }
  assert.equal((await api(a.url, '/api/v1/webhooks')).status, 401);
  const r = await receiver();
  await subscribe(a, r, {}, keys.ent);
});

test('create returns the secret once with Location; list and get never show it; another key sees 404; PATCH and DELETE', async () => {
  const a = await app();
  const r = await receiver();
  const res = await api(a.url, '/api/v1/webhooks', {
    method: 'POST',
    key: keys.pro,
    body: { url: r.url, events: ['disease.updated'], diseases: ['MONDO:0009061'], description: 'CF watch' },
  });
  assert.equal(res.status, 201);
  assert.deepEqual(schemaErrors('WebhookEndpointSecretResponse', res.json), []);
  const e = res.json.data;
  assert.match(e.id, /^ep_[A-Za-z0-9_-]{22}$/);
  assert.match(e.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(res.headers.get('location'), `/api/v1/webhooks/${e.id}`);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.deepEqual(
    { ...e, id: 'X', secret: 'S', createdAt: 'T', updatedAt: 'T' },
    {
      id: 'X',
      secret: 'S',
      url: r.url,
      events: ['disease.updated'],
      diseases: ['MONDO:0009061'],
      description: 'CF watch',
      enabled: true,
      disabledReason: null,
      createdAt: 'T',
      updatedAt: 'T',
      previousSecretExpiresAt: null,
      links: { self: `/api/v1/webhooks/${e.id}`, deliveries: `/api/v1/webhooks/${e.id}/deliveries` },
    },
  );

  const list = await api(a.url, '/api/v1/webhooks', { key: keys.pro });
  assert.equal(list.status, 200);
  assert.deepEqual(schemaErrors('WebhookEndpointListResponse', list.json), []);
  const { secret: _s, ...withoutSecret } = e;
  assert.deepEqual(list.json.data, [withoutSecret]);
  assert.deepEqual((await api(a.url, e.links.self, { key: keys.pro })).json.data, withoutSecret);
  assert.deepEqual((await api(a.url, '/api/v1/webhooks', { key: keys.ent })).json.data, []);
  for (const [method, path] of [
    ['GET', e.links.self],
    ['DELETE', e.links.self],
    ['POST', `${e.links.self}/test`],
    ['GET', e.links.deliveries],
    ['POST', `${e.links.self}/rotate-secret`],
  ]) {
    const other = await api(a.url, path, { method, key: keys.ent });
    assert.deepEqual([other.status, other.json.type], [404, 'https://disease-content-service.dev/problems/not-found'], `${method} ${path}`);
  }
  const malformed = await api(a.url, '/api/v1/webhooks/nope', { key: keys.pro });
  assert.deepEqual(
    [malformed.status, malformed.json.invalidParams[0].name, malformed.json.invalidParams[0].reason],
    [400, 'webhookId', 'malformed'],
  );

  const patched = await api(a.url, e.links.self, {
    method: 'PATCH',
    key: keys.pro,
    body: { diseases: null, events: ['release.published', 'disease.removed'] },
  });
  assert.equal(patched.status, 200);
  assert.deepEqual(
    [patched.json.data.diseases, patched.json.data.events, patched.json.data.description],
    [null, ['release.published', 'disease.removed'], 'CF watch'],
  );
  assert.equal((await api(a.url, e.links.self, { method: 'DELETE', key: keys.pro })).status, 204);
  assert.equal((await api(a.url, e.links.self, { key: keys.pro })).status, 404);
});

test('bad bodies: 415, too large, not JSON, and one invalidParams entry per bad member', async () => {
  const a = await app();
  const post = (body: unknown, contentType?: string) =>
    api(a.url, '/api/v1/webhooks', { method: 'POST', key: keys.pro, body, contentType });
  const text = await post('url=https://example.org', 'application/x-www-form-urlencoded');
  assert.deepEqual([text.status, text.json.type], [415, 'https://disease-content-service.dev/problems/unsupported-media-type']);
  const big = await post({ url: 'https://example.org/', description: 'x'.repeat(5000) });
  assert.equal(big.status, 400);
  assert.deepEqual(big.json.invalidParams, [{ name: '(body)', reason: 'too-large', detail: 'the body is over 4096 bytes' }]);
  assert.deepEqual((await post('{"url": ')).json.invalidParams, [
    { name: '(body)', reason: 'malformed', detail: 'the body is not valid JSON' },
  ]);
  const many = await post({
    url: 5,
    events: ['disease.updated', 'disease.exploded'],
    diseases: ['MONDO:0009061', 'MONDO:1'],
    colour: 'red',
  });
  assert.equal(many.status, 400);
  assert.deepEqual(schemaErrors('Problem', many.json), []);
  assert.deepEqual(many.json.invalidParams, [
    { name: '/colour', reason: 'unknown-parameter', detail: 'unknown member; allowed: url, events, diseases, description' },
    { name: '/url', reason: 'wrong-type', detail: 'must be a string' },
    {
      name: '/events/1',
      reason: 'not-allowed-value',
      detail: 'must be one of: release.published, disease.created, disease.updated, disease.removed, webhook.test',
    },
    { name: '/diseases/1', reason: 'malformed', detail: 'must be a Mondo id: MONDO: followed by 7 digits' },
  ]);
  assert.deepEqual((await post({ events: ['disease.updated'] })).json.invalidParams, [
    { name: '/url', reason: 'missing', detail: 'required' },
  ]);
  assert.deepEqual((await post({ url: 'https://example.org/', events: [] })).json.invalidParams, [
    { name: '/events', reason: 'out-of-range', detail: 'must have at least 1 items' },
  ]);
  const r = await receiver();
  const e = await subscribe(a, r);
  const empty = await api(a.url, e.links.self, { method: 'PATCH', key: keys.pro, body: {} });
  assert.deepEqual(empty.json.invalidParams, [
    { name: '(body)', reason: 'missing', detail: 'give at least one of: url, events, diseases, description, enabled' },
  ]);
});

test('the test event arrives signed (verified with the standardwebhooks package) and is listed as delivered', async () => {
  const a = await app();
  const r = await receiver();
  const e = await subscribe(a, r);
  const queued = await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  assert.equal(queued.status, 202);
  assert.deepEqual(schemaErrors('WebhookDeliveryResponse', queued.json), []);
  await waitFor('the test event', () => (r.received.length ? true : undefined));
  const got = r.received[0];
  assert.equal(got.verifiedWith, 0);
  assert.equal(got.id, queued.json.data.eventId);
  assert.deepEqual(got.payload.data, {
    webhookId: e.id,
    message: 'A test event from the Disease Content Service: your endpoint received and can verify it.',
  });
  assert.equal(got.payload.type, 'webhook.test');
  assert.deepEqual(schemaErrors('WebhookTestEvent', got.payload), []);
  const done = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'delivered');
  assert.deepEqual(schemaErrors('WebhookDeliveryListResponse', done), []);
  assert.deepEqual(
    done.data.map((d: any) => [d.id, d.eventType, d.status, d.attempts.map((x: any) => [x.status, x.trigger, x.error]), d.nextAttemptAt]),
    [[queued.json.data.id, 'webhook.test', 'delivered', [[204, 'scheduled', null]], null]],
  );
});
