import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { waitFor } from '../helpers/wait-for.ts';
import { api } from '../helpers/json-api.ts';
import { app, fixture, LOCAL, pollDeliveries, receiver, subscribe } from '../helpers/webhook-fixture.ts';
import type { Resolver } from '../../server/webhooks/destination.ts';

const { keys } = fixture();
const attempts = (d: any) => d.attempts.map((a: any) => a.status);

test('a receiver failing twice then succeeding: three attempts, one webhook-id, delivered', async () => {
  const a = await app();
  const r = await receiver();
  r.answer = (_, n) => ({ status: n < 2 ? 500 : 200 });
  const e = await subscribe(a, r);
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  const page = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'delivered');
  assert.deepEqual(attempts(page.data[0]), [500, 500, 200]);
  assert.deepEqual(
    r.received.map((x) => x.answered),
    [500, 500, 200],
  );
  assert.equal(new Set(r.received.map((x) => x.id)).size, 1);
  assert.ok(r.received.every((x) => x.verifiedWith === 0 && x.body === r.received[0].body));
});

test('a failure past the schedule fails the delivery; a manual retry sends it again with the same id', async () => {
  const a = await app();
  const r = await receiver();
  r.answer = () => ({ status: 502 });
  const e = await subscribe(a, r);
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  const failed = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'failed');
  assert.deepEqual(attempts(failed.data[0]), [502, 502, 502]);
  assert.equal(failed.data[0].nextAttemptAt, null);
  r.answer = () => ({ status: 200 });
  const retried = await api(a.url, failed.data[0].links.retry, { method: 'POST', key: keys.pro });
  assert.equal(retried.status, 202);
  const done = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'delivered');
  assert.deepEqual(
    done.data[0].attempts.map((x: any) => [x.status, x.trigger]),
    [
      [502, 'scheduled'],
      [502, 'scheduled'],
      [502, 'scheduled'],
      [200, 'manual'],
    ],
  );
  assert.equal(new Set(r.received.map((x) => x.id)).size, 1);
  const filtered = await api(a.url, `${e.links.deliveries}?status=failed`, { key: keys.pro });
  assert.deepEqual([filtered.json.data, filtered.json.pagination.total], [[], 0]);
  const unknown = await api(a.url, `${e.links.deliveries}/dlv_AAAAAAAAAAAAAAAAAAAAAA/retry`, { method: 'POST', key: keys.pro });
  assert.equal(unknown.status, 404);
});

test('Retry-After on a 429 brings the next attempt forward from a schedule of an hour, and not before it asks', async () => {
  const a = await app({ ...LOCAL, schedule: [0, 3_600_000] });
  const r = await receiver();
  r.answer = (_, n) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 204 });
  const e = await subscribe(a, r);
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  const page = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'delivered');
  assert.deepEqual(attempts(page.data[0]), [429, 204]);
  // The server's own attempt times: the receiver's clock sees the first request a little after it was sent.
  const [t0, t1] = page.data[0].attempts.map((x: any) => Date.parse(x.at));
  assert.ok(t1 - t0 >= 1000, `second attempt ${t1 - t0} ms after the first`);
});

test('410 Gone disables the endpoint with a reason; tests and retries are 409 until it is enabled again', async () => {
  const a = await app();
  const r = await receiver();
  r.answer = () => ({ status: 410 });
  const e = await subscribe(a, r);
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  const page = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'failed');
  assert.deepEqual(attempts(page.data[0]), [410]);
  const got = (await api(a.url, e.links.self, { key: keys.pro })).json.data;
  assert.equal(got.enabled, false);
  assert.match(
    got.disabledReason,
    /^The endpoint answered 410 Gone on \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: it asked for no more deliveries\.$/,
  );
  const test409 = await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  assert.deepEqual([test409.status, test409.json.type], [409, 'https://disease-content-service.dev/problems/conflict']);
  assert.equal((await api(a.url, page.data[0].links.retry, { method: 'POST', key: keys.pro })).status, 409);
  const enabled = await api(a.url, e.links.self, { method: 'PATCH', key: keys.pro, body: { enabled: true } });
  assert.deepEqual([enabled.json.data.enabled, enabled.json.data.disabledReason], [true, null]);
  r.answer = () => ({ status: 200 });
  assert.equal((await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro })).status, 202);
  await pollDeliveries(a, e.id, (d) => d[0]?.status === 'delivered');
});

test('an endpoint whose every attempt fails for the configured time is disabled, saying since when', async () => {
  const a = await app({ ...LOCAL, schedule: [0, 100, 100, 100, 100, 100, 100, 100, 100, 100], disableAfterMs: 250 });
  const r = await receiver();
  r.answer = () => ({ status: 500 });
  const e = await subscribe(a, r);
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  const page = await pollDeliveries(a, e.id, (d) => d[0]?.status === 'failed');
  assert.ok(page.data[0].attempts.length >= 2 && page.data[0].attempts.length <= 4, `${page.data[0].attempts.length} attempts`);
  const got = (await api(a.url, e.links.self, { key: keys.pro })).json.data;
  assert.equal(got.enabled, false);
  assert.match(
    got.disabledReason,
    /^Every attempt since \S+ failed \(the last: answered 500 on \S+\); disabled after 250 ms without a success\.$/,
  );
});

test('a rotated secret: both secrets sign during the overlap (each verifies alone), then only the new one', async () => {
  const a = await app({ ...LOCAL, overlapMs: 400 });
  const r = await receiver();
  const e = await subscribe(a, r);
  const old = e.secret;
  const rotated = await api(a.url, `${e.links.self}/rotate-secret`, { method: 'POST', key: keys.pro });
  assert.equal(rotated.status, 200);
  const fresh = rotated.json.data.secret;
  assert.notEqual(fresh, old);
  assert.ok(Date.parse(rotated.json.data.previousSecretExpiresAt) > Date.now());
  r.secrets = [fresh];
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  await waitFor('the first test event', () => (r.received.length === 1 ? true : undefined));
  const during = r.received[0];
  assert.equal(during.signature.split(' ').length, 2);
  const headers = { 'webhook-id': during.id, 'webhook-timestamp': during.timestamp, 'webhook-signature': during.signature };
  for (const s of [old, fresh]) assert.doesNotThrow(() => new Webhook(s).verify(during.body, headers));
  await waitFor('the overlap to end', () => (Date.now() > Date.parse(rotated.json.data.previousSecretExpiresAt) ? true : undefined));
  assert.equal((await api(a.url, e.links.self, { key: keys.pro })).json.data.previousSecretExpiresAt, null);
  await api(a.url, `${e.links.self}/test`, { method: 'POST', key: keys.pro });
  await waitFor('the second test event', () => (r.received.length === 2 ? true : undefined));
  const later = r.received[1];
  assert.equal(later.signature.split(' ').length, 1);
  assert.equal(later.verifiedWith, 0);
  assert.throws(() =>
    new Webhook(old).verify(later.body, {
      'webhook-id': later.id,
      'webhook-timestamp': later.timestamp,
      'webhook-signature': later.signature,
    }),
  );
});

/** A resolver for names under .test, as a DNS server controlled by the test would answer. */
function fakeDns(answers: Record<string, string[]>): Resolver {
  return async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const address = list.length > 1 ? list.shift()! : list[0];
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
}

test('SSRF: loopback, private, link-local, CGNAT, metadata and mapped addresses are refused at creation, names by what they resolve to', async () => {
  const a = await app(
    { allow: new Set(), allowHttp: false, schedule: [0], jitter: 0 },
    fakeDns({ 'private.test': ['10.1.2.3'], 'public.test': ['8.8.8.8'], 'mapped.test': ['::ffff:192.168.1.1'] }),
  );
  const refused = async (url: string) => {
    const res = await api(a.url, '/api/v1/webhooks', { method: 'POST', key: keys.pro, body: { url } });
    assert.equal(res.status, 400, url);
    assert.equal(res.json.invalidParams.length, 1, url);
    return [res.json.invalidParams[0].reason, res.json.invalidParams[0].detail];
  };
  const forbidden = (detail: string) => ['forbidden-destination', `${detail}; webhooks are only sent to public internet addresses`];
  assert.deepEqual(await refused('https://127.0.0.1:8443/hook'), forbidden('127.0.0.1 is a loopback address'));
  assert.deepEqual(await refused('https://[::1]/hook'), forbidden('::1 is a loopback address'));
  assert.deepEqual(await refused('https://169.254.169.254/latest/meta-data'), forbidden('169.254.169.254 is a metadata address'));
  assert.deepEqual(await refused('https://[::ffff:169.254.169.254]/'), forbidden('::ffff:a9fe:a9fe is a metadata address'));
  assert.deepEqual(await refused('https://169.254.10.1/'), forbidden('169.254.10.1 is a link-local address'));
  assert.deepEqual(await refused('https://100.64.0.1/'), forbidden('100.64.0.1 is a cgnat address'));
  assert.deepEqual(await refused('https://0.0.0.0/'), forbidden('0.0.0.0 is a unspecified address'));
  assert.deepEqual(await refused('https://[fd00::1]/'), forbidden('fd00::1 is a private address'));
  assert.deepEqual(await refused('https://private.test/hook'), forbidden('10.1.2.3 is a private address (private.test resolves to it)'));
  assert.deepEqual(
    await refused('https://mapped.test/hook'),
    forbidden('::ffff:192.168.1.1 is a private address (mapped.test resolves to it)'),
  );
  assert.deepEqual(await refused('https://nowhere.test/'), ['malformed', 'nowhere.test does not resolve (ENOTFOUND)']);
  assert.deepEqual(await refused('http://public.test/hook'), ['malformed', 'must be an https:// URL']);
  assert.deepEqual(await refused('https://user:pw@public.test/hook'), [
    'malformed',
    'must not carry credentials: deliveries are signed instead',
  ]);
  assert.equal(
    (await api(a.url, '/api/v1/webhooks', { method: 'POST', key: keys.pro, body: { url: 'https://public.test/hook' } })).status,
    201,
  );
});

test('SSRF: a name that resolves to a public address at creation and a private one at delivery is refused before connecting', async () => {
  const a = await app(
    { allow: new Set(), allowHttp: false, schedule: [0], jitter: 0 },
    fakeDns({ 'rebind.test': ['8.8.4.4', '10.0.0.7'] }),
  );
  const created = await api(a.url, '/api/v1/webhooks', { method: 'POST', key: keys.pro, body: { url: 'https://rebind.test/hook' } });
  assert.equal(created.status, 201);
  await api(a.url, `${created.json.data.links.self}/test`, { method: 'POST', key: keys.pro });
  const page = await pollDeliveries(a, created.json.data.id, (d) => d[0]?.status === 'failed');
  assert.deepEqual(
    page.data[0].attempts.map((x: any) => [x.status, x.error]),
    [
      [
        null,
        'destination refused: 10.0.0.7 is a private address (rebind.test resolves to it); webhooks are only sent to public internet addresses',
      ],
    ],
  );
});

test('the sender connects to the address it checked, with the name in Host (no second resolution)', async () => {
  const r = await receiver();
  const a = await app(LOCAL, fakeDns({ 'receiver.test': ['127.0.0.1'] }));
  const created = await api(a.url, '/api/v1/webhooks', {
    method: 'POST',
    key: keys.pro,
    body: { url: `http://receiver.test:${r.port}/hooks` },
  });
  r.secrets = [created.json.data.secret];
  await api(a.url, `${created.json.data.links.self}/test`, { method: 'POST', key: keys.pro });
  await waitFor('the test event', () => (r.received.length ? true : undefined));
  assert.equal(r.received[0].host, `receiver.test:${r.port}`);
  assert.equal(r.received[0].verifiedWith, 0);
});
