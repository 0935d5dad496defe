import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, copyTree, editData, MINI_DATA } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { endpointOf } from '../helpers/webhook-endpoint.ts';
import { api } from '../helpers/json-api.ts';
import { app, fixture, receiver, subscribe } from '../helpers/webhook-fixture.ts';
import { EVENT_SCHEMAS, type EventType } from '../../server/contract/api/webhooks.ts';
import { fanOut, releaseMessages } from '../../server/webhooks/events.ts';
import type { PublishedRelease } from '../../server/webhooks/release-feed.ts';

const { keys, dist } = fixture();
const CF = 'MONDO:0009061';
const HUNTINGTON = 'MONDO:0007739';

test('a published snapshot produces release.published and disease.updated, filtered by events and watch lists, once', async () => {
  const live = copyTree(dist(), 'webhooks-release');
  const a = await app(undefined, undefined, live);
  const [all, watchCf, watchHd, updatesOnly] = [await receiver(), await receiver(), await receiver(), await receiver()];
  await subscribe(a, all);
  await subscribe(a, watchCf, { diseases: [CF, HUNTINGTON] });
  await subscribe(a, watchHd, { diseases: [HUNTINGTON] });
  await subscribe(a, updatesOnly, { events: ['disease.updated'] });
  const contentBefore = a.live.snapshot.rowById.get(CF)!;

  // The edit the build pipeline test makes: one Orphanet phenotype frequency of cystic fibrosis.
  const data = copyTree(MINI_DATA, 'webhooks-release-data');
  const from = '{"HPOId":"HP:0002783","HPOTerm":"Recurrent lower respiratory tract infections","HPOFrequency":"Occasional (29-5%)"}';
  editData(data, 'orphanet/orphapackets_2025-12.jsonl.gz', (t) => t.replace(from, from.replace('Occasional (29-5%)', 'Frequent (79-30%)')));
  const next = await build(data, live);
  assert.equal(next.ok, true, next.log);
  await a.live.check();
  await a.webhooks.announcer.check();

  await waitFor('every delivery', () =>
    all.received.length === 2 && watchCf.received.length === 2 && updatesOnly.received.length === 1 ? true : undefined,
  );
  const byType = (r: typeof all) => Object.fromEntries(r.received.map((x) => [x.payload.type, x]));
  const published = byType(all)['release.published'].payload;
  // The fixture's dist is release r1; this build is r2 (the release history of issue 10).
  assert.deepEqual(published.data, {
    release: 'r2',
    previous: 'r1',
    publishedAt: published.timestamp,
    counts: { added: 0, changed: 1, removed: 0, unchanged: 60 },
    links: { release: '/api/v1/releases/r2', changes: '/api/v1/releases/r2/changes', health: '/api/v1/health' },
  });
  assert.equal(published.timestamp, a.live.snapshot.release.builtAt);
  const updated = byType(all)['disease.updated'].payload;
  const record = a.live.snapshot.rowById.get(CF)!;
  assert.equal(record.name, contentBefore.name);
  assert.deepEqual(updated.data, {
    id: CF,
    name: record.name,
    release: 'r2',
    sections: ['clinical-features'],
    fields: ['phenotypes'],
    previousContentVersion: updated.data.previousContentVersion,
    contentVersion: updated.data.contentVersion,
    links: { record: `/api/v1/diseases/${CF}`, versions: `/api/v1/diseases/${CF}/versions`, version: `/api/v1/diseases/${CF}/versions/2` },
  });
  assert.notEqual(updated.data.previousContentVersion, updated.data.contentVersion);
  const served = await api(a.url, `/api/v1/diseases/${CF}`, { key: keys.pro });
  assert.equal(served.json.data.metadata.contentVersion, updated.data.contentVersion);
  for (const r of [all, watchCf, updatesOnly]) {
    for (const x of r.received) {
      assert.equal(x.verifiedWith, 0);
      assert.deepEqual(schemaErrors(EVENT_SCHEMAS[x.payload.type as EventType], x.payload), []);
    }
  }
  // One event, one id, whichever endpoint gets it.
  assert.deepEqual(watchCf.received.map((x) => x.id).sort(), all.received.map((x) => x.id).sort());
  assert.deepEqual(
    updatesOnly.received.map((x) => [x.payload.type, x.id]),
    [['disease.updated', byType(all)['disease.updated'].id]],
  );

  // Announcing again (another swap notice, the periodic check) enqueues nothing.
  await a.webhooks.announcer.check();
  assert.equal(await a.webhooks.store.lastRelease(), 'r2');
  const pending = await Promise.all((await a.webhooks.store.allEndpoints()).map((e) => a.webhooks.store.deliveries(e.id, 0, 100, null)));
  assert.deepEqual(pending.map((p) => p.total).sort(), [0, 1, 2, 2]);
  assert.deepEqual(watchHd.received, []);
});

test('events of a release: created, updated and removed payloads, ids stable, watch lists and owners applied', () => {
  const release: PublishedRelease = {
    id: 'R2',
    publishedAt: '2026-02-01T00:00:00.000Z',
    previous: 'R1',
    counts: { added: 1, changed: 1, removed: 1, unchanged: 9 },
    links: { health: '/api/v1/health' },
    changes: [
      {
        id: 'MONDO:0000001',
        name: 'new disease',
        kind: 'added',
        sections: [],
        fields: [],
        versionBefore: null,
        versionAfter: 'v2',
        replacedBy: null,
        links: { record: '/api/v1/diseases/MONDO:0000001' },
      },
      {
        id: 'MONDO:0000002',
        name: 'changed disease',
        kind: 'changed',
        sections: ['genetics'],
        fields: ['genes'],
        versionBefore: 'v1',
        versionAfter: 'v3',
        replacedBy: null,
        links: { record: '/api/v1/diseases/MONDO:0000002' },
      },
      {
        id: 'MONDO:0000003',
        name: 'old disease',
        kind: 'removed',
        sections: [],
        fields: [],
        versionBefore: 'v0',
        versionAfter: null,
        replacedBy: 'MONDO:0000002',
        links: { record: '/api/v1/diseases/MONDO:0000003' },
      },
    ],
  };
  const messages = releaseMessages(release, 0);
  assert.deepEqual(
    messages.map((m) => JSON.parse(m.body)),
    [
      {
        type: 'release.published',
        timestamp: release.publishedAt,
        data: { release: 'R2', previous: 'R1', publishedAt: release.publishedAt, counts: release.counts, links: release.links },
      },
      {
        type: 'disease.created',
        timestamp: release.publishedAt,
        data: {
          id: 'MONDO:0000001',
          name: 'new disease',
          release: 'R2',
          contentVersion: 'v2',
          links: { record: '/api/v1/diseases/MONDO:0000001' },
        },
      },
      {
        type: 'disease.updated',
        timestamp: release.publishedAt,
        data: {
          id: 'MONDO:0000002',
          name: 'changed disease',
          release: 'R2',
          sections: ['genetics'],
          fields: ['genes'],
          previousContentVersion: 'v1',
          contentVersion: 'v3',
          links: { record: '/api/v1/diseases/MONDO:0000002' },
        },
      },
      {
        type: 'disease.removed',
        timestamp: release.publishedAt,
        data: {
          id: 'MONDO:0000003',
          name: 'old disease',
          release: 'R2',
          previousContentVersion: 'v0',
          replacedBy: 'MONDO:0000002',
          links: { record: '/api/v1/diseases/MONDO:0000003' },
        },
      },
    ],
  );
  for (const m of messages) assert.deepEqual(schemaErrors(EVENT_SCHEMAS[m.type], JSON.parse(m.body)), [], m.type);
  assert.deepEqual(
    releaseMessages(release, 99).map((m) => m.id),
    messages.map((m) => m.id),
  );
  const deliveries = fanOut(
    messages,
    [
      endpointOf('all', {}),
      endpointOf('removed-only', { events: ['disease.removed'] }),
      endpointOf('watch-3', { diseases: ['MONDO:0000003'] }),
      endpointOf('watch-other', { diseases: ['MONDO:0000009'] }),
      endpointOf('disabled', { enabled: false }),
      endpointOf('revoked-owner', { owner: 'k2' }),
    ],
    (k) => k === 'k1',
    0,
  );
  const got = deliveries.map((d) => `${d.endpointId} ${d.type}`);
  assert.deepEqual(got, [
    'all release.published',
    'all disease.created',
    'all disease.updated',
    'all disease.removed',
    'removed-only disease.removed',
    'watch-3 release.published',
    'watch-3 disease.removed',
  ]);
});
