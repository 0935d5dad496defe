import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { addressKind } from '../../server/webhooks/address-kinds.ts';
import { AppendLog } from '../../server/webhooks/append-log.ts';
import { FileStore } from '../../server/webhooks/file-store.ts';
import { newDelivery, testMessage } from '../../server/webhooks/events.ts';
import { parseDuration, parseSchedule, retryAfterMs, withJitter } from '../../server/webhooks/schedule.ts';
import { newSecret, signatureHeader } from '../../server/webhooks/signing.ts';
import { endpointOf } from '../helpers/webhook-endpoint.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'webhooks-unit-'));

test('address kinds: IPv4, IPv6 and IPv6 forms that carry an IPv4 address', () => {
  const cases: [string, string | null][] = [
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['2606:4700:4700::1111', null],
    ['172.32.0.1', null],
    ['100.128.0.1', null],
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['not-an-ip', 'unspecified'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::808:808', null],
    ['2002:c0a8:0101::1', 'private'],
    ['::192.168.0.1', 'private'],
  ];
  for (const [address, kind] of cases) assert.equal(addressKind(address), kind, address);
});

test('durations, schedules, jitter and Retry-After', () => {
  assert.deepEqual(
    parseSchedule('0,5s,5m,30m,2h,5h,10h,14h,20h,24h'),
    [0, 5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000],
  );
  assert.equal(parseDuration('250ms', 'X'), 250);
  assert.equal(parseDuration('5d', 'X'), 432_000_000);
  assert.throws(() => parseDuration('soon', 'WEBHOOK_TIMEOUT'), /^Error: WEBHOOK_TIMEOUT: "soon" is not a duration/);
  assert.equal(
    withJitter(1000, 0.2, () => 0),
    800,
  );
  assert.equal(
    withJitter(1000, 0.2, () => 1),
    1200,
  );
  assert.equal(withJitter(1000, 0, Math.random), 1000);
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(retryAfterMs('120', now, 86_400_000), 120_000);
  assert.equal(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now, 86_400_000), 30_000);
  assert.equal(retryAfterMs('999999', now, 86_400_000), 86_400_000);
  assert.equal(retryAfterMs('later', now, 86_400_000), null);
  assert.equal(retryAfterMs(undefined, now, 86_400_000), null);
});

test('signatures are Standard Webhooks signatures: the reference library verifies each secret; an expired one no longer signs', () => {
  const [a, b] = [newSecret(), newSecret()];
  const ts = Math.floor(Date.now() / 1000);
  const body = '{"type":"webhook.test","timestamp":"2026-01-01T00:00:00.000Z","data":{}}';
  const header = signatureHeader(
    [
      { secret: a, expiresAt: null },
      { secret: b, expiresAt: Date.now() + 1000 },
    ],
    'msg_1',
    ts,
    body,
    Date.now(),
  );
  assert.match(header, /^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
  for (const s of [a, b])
    new Webhook(s).verify(body, { 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts), 'webhook-signature': header });
  assert.equal(
    new Webhook(a).sign('msg_1', new Date(ts * 1000), body),
    signatureHeader([{ secret: a, expiresAt: null }], 'msg_1', ts, body, Date.now()),
  );
  assert.equal(
    signatureHeader(
      [
        { secret: a, expiresAt: null },
        { secret: b, expiresAt: Date.now() - 1 },
      ],
      'msg_1',
      ts,
      body,
      Date.now(),
    ).split(' ').length,
    1,
  );
});

test('the append log cuts a torn last line, names a corrupt one, and compacts atomically with mode 0600', () => {
  const file = join(dir(), 'outbox.log');
  const { log } = AppendLog.open(file);
  log.append([{ a: 1 }, { b: 2 }]);
  log.close();
  appendFileSync(file, '{"c":');
  assert.deepEqual(AppendLog.open(file).records, [{ a: 1 }, { b: 2 }]);
  assert.equal(readFileSync(file, 'utf8'), '{"a":1}\n{"b":2}\n');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  writeFileSync(file, '{"a":1}\nnot json\n{"b":2}\n');
  assert.throws(() => AppendLog.open(file), new RegExp(`^Error: ${file} line 2: not a JSON record`));
  writeFileSync(file, '');
  const second = AppendLog.open(file).log;
  second.append([{ x: 1 }]);
  second.compact([{ y: 2 }]);
  second.append([{ z: 3 }]);
  second.close();
  assert.equal(readFileSync(file, 'utf8'), '{"y":2}\n{"z":3}\n');
});

test('the file store keeps endpoints, deliveries and attempts across a reopen, one process at a time', async () => {
  const d = dir();
  const store = new FileStore({ dir: d, retentionMs: 60_000 });
  assert.throws(() => new FileStore({ dir: d, retentionMs: 60_000 }), /the webhook outbox is in use by process \d+/);
  const e = endpointOf('ep_1', { owner: 'k', secrets: [{ secret: newSecret(), expiresAt: null }], createdAt: 1, updatedAt: 1 });
  await store.createEndpoint(e);
  const m = testMessage(e.id, 1000);
  await store.enqueue([m], [newDelivery(m, e.id, 1000)]);
  await store.enqueue([m], [newDelivery(m, e.id, 5000)]);
  const [c] = await store.claim(e.id, 2000, 10, 9000);
  assert.deepEqual(await store.claim(e.id, 2000, 10, 9000), [], 'a claimed delivery is not handed out twice');
  await store.complete(c, {
    attempt: { at: 2000, durationMs: 3, status: 500, error: null, trigger: 'scheduled' },
    status: 'pending',
    nextAttemptAt: 7000,
    scheduled: 1,
    endpoint: { failingSince: 2000 },
  });
  await store.setBaseline('R1');
  await store.close();
  assert.equal(statSync(join(d, 'outbox.log')).mode & 0o777, 0o600);
  assert.equal(statSync(d).mode & 0o777, 0o700);
  assert.ok(readFileSync(join(d, 'outbox.log'), 'utf8').includes(e.secrets[0].secret), 'the secret is in the 0600 file');

  const again = new FileStore({ dir: d, retentionMs: 60_000 });
  assert.equal(await again.lastRelease(), 'R1');
  assert.equal((await again.endpoint('ep_1'))?.failingSince, 2000);
  const page = await again.deliveries('ep_1', 0, 10, null);
  assert.deepEqual(
    page.items.map((x) => [x.status, x.nextAttemptAt, x.scheduled, x.attempts.map((a) => a.status)]),
    [['pending', 7000, 1, [500]]],
  );
  assert.deepEqual(await again.dueEndpoints(6999), []);
  assert.deepEqual(await again.dueEndpoints(7000), ['ep_1']);
  assert.equal(await again.nextDue(), 7000);
  await again.close();
});
