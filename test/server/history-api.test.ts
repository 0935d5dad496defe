import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { gitCommit } from '../../build/compile/code-version.ts';
import { API_VERSION } from '../../server/contract/api/version.ts';
import { IMMUTABLE_CACHE } from '../../server/contract/api/releases.ts';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { ROOT } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { buildScenario, CF, CLASSIC_PKU, HUNTINGTON, MILD_HPA, PKU, type Phase } from '../fixtures/build-pipeline/history-scenario.ts';

/**
 * The release feed, the change lists and the version history through a real server, over three
 * releases of the mini dataset (see history-scenario.ts): exact values throughout.
 */

const BASE = 'https://disease-content-service.dev/problems/';
let server: RunningServer;
let key = '';
let phases: Phase[] = [];
/** What the server served, per phase: path -> the response. */
const served: Map<string, RawResponse>[] = [];
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  call(server.url, path, { method, headers: { ...bearer(key), ...headers } });

/** Poll /health until the server serves `snapshot` (it checks dist/current every 2 s). */
async function serving(snapshot: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await call(server.url, '/api/v1/health')).json().snapshot !== snapshot) {
    if (Date.now() > deadline) throw new Error(`the server did not swap to ${snapshot}`);
    await sleep(50);
  }
}

before(async () => {
  ({ phases } = await buildScenario(async (i, p, dist) => {
    if (i === 0) {
      const keys = makeKeys([{ tier: 'developer', name: 'dev' }]);
      key = keys.keys.dev;
      const dir = mkdtempSync(join(tmpdir(), 'dcs-history-'));
      server = await startServer({
        DIST_DIR: dist,
        KEYS_FILE: keys.file,
        QUOTA_STATE_FILE: join(dir, 'quota.json'),
        LOG_FILE: join(dir, 'access.log'),
      });
    }
    await serving(p.snapshot);
    const now = new Map<string, RawResponse>();
    for (const id of [CF, PKU, MILD_HPA, CLASSIC_PKU, HUNTINGTON]) now.set(id, await get(`/api/v1/diseases/${id}`));
    served.push(now);
  }));
});
after(async () => {
  if (server) assert.equal(await server.stop(), 0);
});

function assertProblem(r: RawResponse, status: number, kind: string): any {
  assert.equal(r.status, status, r.body.toString());
  const body = r.json();
  assert.equal(body.type, BASE + kind);
  assert.deepEqual(schemaErrors('Problem', body), []);
  return body;
}

const v = (phase: number, id: string) => ({ version: phases[phase].index[id].n, contentVersion: phases[phase].index[id].v });
const links = (id: string, version: number | null) => ({
  disease: `/api/v1/diseases/${id}`,
  version: version === null ? null : `/api/v1/diseases/${id}/versions/${version}`,
  history: `/api/v1/diseases/${id}/versions`,
});

/** The expected change list items of each release. */
function expectedChanges(): Record<string, object[]> {
  const change = (
    id: string,
    name: string,
    kind: string,
    release: string,
    sections: string[],
    fields: string[],
    before: object | null,
    after: object | null,
    replacedBy: string | null = null,
  ) => ({
    id,
    name,
    kind,
    release,
    sections,
    fields,
    before,
    after,
    replacedBy,
    consider: [],
    links: links(id, after ? (after as { version: number }).version : null),
  });
  // Each change to phenylketonuria's children (classic PKU added, mild HPA obsoleted) also changes the
  // roll-up of its subtypes, which the screening section reports.
  return {
    r2: [
      change(CF, 'cystic fibrosis', 'changed', 'r2', ['clinical-features'], ['phenotypes'], v(0, CF), v(1, CF)),
      change(
        PKU,
        'phenylketonuria',
        'changed',
        'r2',
        ['overview', 'screening-and-diagnosis'],
        ['children', 'computed', 'rollup'],
        v(0, PKU),
        v(1, PKU),
      ),
      change(CLASSIC_PKU, 'classic phenylketonuria', 'added', 'r2', [], [], null, v(1, CLASSIC_PKU)),
    ],
    r3: [
      change(CF, 'cystic fibrosis', 'changed', 'r3', ['epidemiology'], ['prevalence'], v(1, CF), v(2, CF)),
      change(
        PKU,
        'phenylketonuria',
        'changed',
        'r3',
        ['overview', 'screening-and-diagnosis'],
        ['children', 'computed', 'rollup'],
        v(1, PKU),
        v(2, PKU),
      ),
      change(MILD_HPA, 'mild hyperphenylalaninemia', 'removed', 'r3', [], [], v(1, MILD_HPA), null, PKU),
    ],
    since1: [
      change(
        CF,
        'cystic fibrosis',
        'changed',
        'r3',
        ['clinical-features', 'epidemiology'],
        ['phenotypes', 'prevalence'],
        v(0, CF),
        v(2, CF),
      ),
      change(
        PKU,
        'phenylketonuria',
        'changed',
        'r3',
        ['overview', 'screening-and-diagnosis'],
        ['children', 'computed', 'rollup'],
        v(0, PKU),
        v(2, PKU),
      ),
      change(CLASSIC_PKU, 'classic phenylketonuria', 'added', 'r2', [], [], null, v(1, CLASSIC_PKU)),
      change(MILD_HPA, 'mild hyperphenylalaninemia', 'removed', 'r3', [], [], v(0, MILD_HPA), null, PKU),
    ],
  };
}

describe('the release feed', () => {
  test('the scenario numbers versions by content change: CF 1-2-3, phenylketonuria 1-2-3, Huntington 1, classic PKU 1 from r2', () => {
    assert.deepEqual(
      [CF, PKU, HUNTINGTON, CLASSIC_PKU, MILD_HPA].map((id) => [
        id,
        phases[2].index[id].n,
        phases[2].index[id].hist,
        phases[2].index[id].gone ?? null,
      ]),
      [
        [
          CF,
          3,
          [
            [1, 1],
            [2, 2],
            [3, 3],
          ],
          null,
        ],
        [
          PKU,
          3,
          [
            [1, 1],
            [2, 2],
            [3, 3],
          ],
          null,
        ],
        [HUNTINGTON, 1, [[1, 1]], null],
        [CLASSIC_PKU, 1, [[1, 2]], null],
        [MILD_HPA, 1, [[1, 1]], 3],
      ],
    );
  });

  test('GET /releases lists r3, r2, r1 with sources, code, counts and links; paginated like the listing', async () => {
    const commit = gitCommit(ROOT);
    const changed = [null, ['mondo', 'orphanet'], ['mondo', 'orphanet']];
    const item = (i: number) => ({
      id: `r${i + 1}`,
      publishedAt: phases[i].publishedAt,
      previous: i ? `r${i}` : null,
      snapshot: phases[i].snapshot,
      code: { apiVersion: API_VERSION, commit, inputFingerprint: phases[i].inputFingerprint },
      sources: phases[i].release.sources.map((s) => ({
        id: s.id,
        name: s.name,
        release: s.release,
        fingerprint: s.fingerprint,
        changed: changed[i]?.includes(s.id) ?? true,
      })),
      counts: [
        { added: 60, changed: 0, removed: 0, unchanged: 0 },
        { added: 1, changed: 2, removed: 0, unchanged: 58 },
        { added: 0, changed: 2, removed: 1, unchanged: 58 },
      ][i],
      links: {
        self: `/api/v1/releases/r${i + 1}`,
        changes: `/api/v1/releases/r${i + 1}/changes`,
        previous: i ? `/api/v1/releases/r${i}` : null,
      },
    });
    const r = await get('/api/v1/releases');
    assert.equal(r.status, 200);
    assert.equal(r.headers['cache-control'], 'private, no-cache');
    const body = r.json();
    assert.deepEqual(body, {
      data: [item(2), item(1), item(0)],
      pagination: { limit: 20, offset: 0, total: 3, hasMore: false },
      links: {
        self: '/api/v1/releases?limit=20&offset=0',
        first: '/api/v1/releases?limit=20&offset=0',
        last: '/api/v1/releases?limit=20&offset=0',
        next: null,
        prev: null,
      },
    });
    const page = await get('/api/v1/releases?limit=1&offset=1');
    assert.deepEqual(
      page.json().data.map((x: { id: string }) => x.id),
      ['r2'],
    );
    assert.deepEqual(page.json().pagination, { limit: 1, offset: 1, total: 3, hasMore: true });
    assert.equal(
      page.headers.link,
      '</api/v1/releases?limit=1&offset=0>; rel="first", </api/v1/releases?limit=1&offset=0>; rel="prev", </api/v1/releases?limit=1&offset=2>; rel="next", </api/v1/releases?limit=1&offset=2>; rel="last"',
    );
    assert.deepEqual(schemaErrors('ReleaseListResponse', body), []);
  });

  test('GET /releases/{id} and /releases/latest; 404 for an unknown release, 400 for a malformed id', async () => {
    const list = (await get('/api/v1/releases')).json().data;
    const r2 = await get('/api/v1/releases/r2');
    assert.deepEqual(r2.json(), { data: list[1] });
    assert.match(String(r2.headers.etag), /^W\/"[A-Za-z0-9_-]{22}"$/);
    assert.equal((await get('/api/v1/releases/r2', { 'if-none-match': String(r2.headers.etag) })).status, 304);
    assert.deepEqual((await get('/api/v1/releases/latest')).json(), { data: list[0] });
    assert.deepEqual(schemaErrors('ReleaseResponse', r2.json()), []);
    assert.equal(assertProblem(await get('/api/v1/releases/r4'), 404, 'not-found').detail, 'No release r4: releases kept: r1 to r3.');
    assertProblem(await get('/api/v1/releases/r4/changes'), 404, 'not-found');
    for (const bad of ['r0', '3', 'R3', 'r3x', 'r01', 'release-3']) {
      const p = assertProblem(await get(`/api/v1/releases/${bad}`), 400, 'invalid-parameters');
      assert.deepEqual(p.invalidParams, [
        { name: 'releaseId', reason: 'malformed', detail: `must be r followed by the release number (e.g. r12), or latest, got "${bad}"` },
      ]);
    }
  });

  test("GET /releases/{id}/changes: each release's change list, exact, filtered by kind and paginated", async () => {
    const want = expectedChanges();
    const r3 = (await get('/api/v1/releases/r3/changes')).json();
    assert.deepEqual(r3, {
      data: want.r3,
      pagination: { limit: 20, offset: 0, total: 3, hasMore: false },
      meta: { release: 'r3', since: null },
      links: {
        self: '/api/v1/releases/r3/changes?limit=20&offset=0',
        first: '/api/v1/releases/r3/changes?limit=20&offset=0',
        last: '/api/v1/releases/r3/changes?limit=20&offset=0',
        next: null,
        prev: null,
      },
    });
    assert.deepEqual(schemaErrors('ChangeListResponse', r3), []);
    assert.deepEqual((await get('/api/v1/releases/r2/changes')).json().data, want.r2);
    assert.deepEqual((await get('/api/v1/releases/latest/changes?kind=removed')).json().data, [want.r3[2]]);
    assert.deepEqual((await get('/api/v1/releases/r2/changes?kind=added,removed')).json().data, [want.r2[2]]);
    const page = (await get('/api/v1/releases/r3/changes?kind=changed&limit=1&offset=1')).json();
    assert.deepEqual([page.data, page.pagination], [[want.r3[1]], { limit: 1, offset: 1, total: 2, hasMore: false }]);
    const r1 = (await get('/api/v1/releases/r1/changes?limit=100')).json();
    assert.equal(r1.pagination.total, 60);
    assert.ok(
      r1.data.every(
        (c: { kind: string; before: unknown; after: { version: number } }) =>
          c.kind === 'added' && c.before === null && c.after.version === 1,
      ),
    );
    assert.equal(
      r1.data.some((c: { id: string }) => c.id === CLASSIC_PKU),
      false,
    );
    const bad = assertProblem(await get('/api/v1/releases/r3/changes?kind=edited'), 400, 'invalid-parameters');
    assert.deepEqual(bad.invalidParams, [
      { name: 'kind', reason: 'not-allowed-value', detail: 'unknown value(s) "edited"; allowed: added, changed, removed' },
    ]);
  });

  test('since merges every change after a release per disease; since = the release is empty; a later one is a 400', async () => {
    const want = expectedChanges();
    const merged = (await get('/api/v1/releases/r3/changes?since=r1')).json();
    assert.deepEqual([merged.data, merged.meta, merged.pagination.total], [want.since1, { release: 'r3', since: 'r1' }, 4]);
    assert.deepEqual(schemaErrors('ChangeListResponse', merged), []);
    assert.deepEqual((await get('/api/v1/releases/latest/changes?since=r1&kind=changed')).json().data, want.since1.slice(0, 2));
    // since=r1 up to r2 is r2's own list.
    assert.deepEqual((await get('/api/v1/releases/r2/changes?since=r1')).json().data, want.r2);
    const none = (await get('/api/v1/releases/latest/changes?since=r3')).json();
    assert.deepEqual([none.data, none.meta, none.pagination.total], [[], { release: 'r3', since: 'r3' }, 0]);
    const later = assertProblem(await get('/api/v1/releases/r2/changes?since=r3'), 400, 'invalid-parameters');
    assert.deepEqual(later.invalidParams, [
      { name: 'since', reason: 'out-of-range', detail: 'must be r2 or an earlier release, got "r3"' },
    ]);
    const malformed = assertProblem(await get('/api/v1/releases/r3/changes?since=latest'), 400, 'invalid-parameters');
    assert.deepEqual(
      malformed.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [['since', 'malformed']],
    );
  });
});

describe('version history', () => {
  const etagOf = (phase: number, id: string) => String(served[phase].get(id)!.headers.etag);
  const sourcesOf = (phase: number, id: string) => {
    const fp = new Map(phases[phase].release.sources.map((s) => [s.id, s.fingerprint]));
    return served[phase]
      .get(id)!
      .json()
      .data.metadata.sources.map((s: { source: string; release: string }) => ({
        id: s.source,
        release: s.release,
        fingerprint: fp.get(s.source),
      }));
  };
  const state = (phase: number, id: string, source: string) => {
    const s = sourcesOf(phase, id).find((x: { id: string }) => x.id === source);
    return { release: s.release, fingerprint: s.fingerprint };
  };
  const item = (id: string, phase: number, changes: object | null) => ({
    version: phases[phase].index[id].n,
    contentVersion: phases[phase].index[id].v,
    release: `r${phase + 1}`,
    publishedAt: phases[phase].publishedAt,
    etag: etagOf(phase, id),
    sources: sourcesOf(phase, id),
    changes,
    links: { self: `/api/v1/diseases/${id}/versions/${phases[phase].index[id].n}`, release: `/api/v1/releases/r${phase + 1}` },
  });
  const underneath = (id: string, phase: number) =>
    ['mondo', 'orphanet'].map((s) => ({ id: s, from: state(phase - 1, id, s), to: state(phase, id, s) }));

  test('the current record carries its version number and a link to its history', () => {
    const now = served[2].get(CF)!.json().data.metadata;
    assert.deepEqual([now.version, now.links, now.lastChanged], [3, { history: `/api/v1/diseases/${CF}/versions` }, '2026-03-01']);
    assert.deepEqual(served[0].get(CF)!.json().data.metadata.version, 1);
    assert.deepEqual(served[2].get(HUNTINGTON)!.json().data.metadata.version, 1);
    assert.deepEqual(served[2].get(HUNTINGTON)!.json().data.metadata.lastChanged, '2026-01-01');
  });

  test('GET /diseases/{id}/versions: newest first, with sections, fields and the source releases underneath', async () => {
    const r = await get(`/api/v1/diseases/${CF}/versions`);
    assert.equal(r.status, 200);
    assert.equal(r.headers['cache-control'], 'private, no-cache');
    assert.deepEqual(r.json(), {
      data: {
        id: CF,
        name: 'cystic fibrosis',
        current: true,
        currentVersion: 3,
        removed: null,
        versions: [
          item(CF, 2, { sections: ['epidemiology'], fields: ['prevalence'], sources: underneath(CF, 2) }),
          item(CF, 1, { sections: ['clinical-features'], fields: ['phenotypes'], sources: underneath(CF, 1) }),
          item(CF, 0, null),
        ],
        links: { self: `/api/v1/diseases/${CF}/versions`, current: `/api/v1/diseases/${CF}` },
      },
    });
    // The Orphanet files changed under CF's version 2 although the release label did not.
    assert.equal(underneath(CF, 1)[1].from.release, underneath(CF, 1)[1].to.release);
    assert.notEqual(underneath(CF, 1)[1].from.fingerprint, underneath(CF, 1)[1].to.fingerprint);
    assert.deepEqual(schemaErrors('VersionListResponse', r.json()), []);
    const hd = (await get(`/api/v1/diseases/${HUNTINGTON}/versions`)).json().data;
    assert.deepEqual([hd.currentVersion, hd.versions], [1, [item(HUNTINGTON, 0, null)]]);
    const added = (await get(`/api/v1/diseases/${CLASSIC_PKU}/versions`)).json().data;
    assert.deepEqual([added.currentVersion, added.versions], [1, [item(CLASSIC_PKU, 1, null)]]);
  });

  test('an obsoleted disease keeps its history: removed in r3, replaced by phenylketonuria', async () => {
    const r = await get(`/api/v1/diseases/${MILD_HPA}/versions`);
    assert.deepEqual(r.json(), {
      data: {
        id: MILD_HPA,
        name: 'mild hyperphenylalaninemia',
        current: false,
        currentVersion: null,
        removed: { release: 'r3', publishedAt: phases[2].publishedAt, replacedBy: PKU, consider: [] },
        versions: [item(MILD_HPA, 0, null)],
        links: { self: `/api/v1/diseases/${MILD_HPA}/versions`, current: null },
      },
    });
    assert.deepEqual(schemaErrors('VersionListResponse', r.json()), []);
    const old = await get(`/api/v1/diseases/${MILD_HPA}/versions/1`);
    assert.deepEqual([old.status, old.headers.etag], [200, etagOf(0, MILD_HPA)]);
    assert.ok(old.body.equals(served[0].get(MILD_HPA)!.body));
    // The current record route redirects, as for any obsolete id.
    const moved = await get(`/api/v1/diseases/${MILD_HPA}`);
    assert.deepEqual([moved.status, moved.headers.location], [301, `/api/v1/diseases/${PKU}`]);
  });

  test('GET /diseases/{id}/versions/{n}: the bytes served then, with their ETag, immutable, revalidated with 304', async () => {
    for (const [n, phase] of [
      [1, 0],
      [2, 1],
      [3, 2],
    ]) {
      const r = await get(`/api/v1/diseases/${CF}/versions/${n}`);
      const then = served[phase].get(CF)!;
      assert.equal(r.status, 200);
      assert.ok(r.body.equals(then.body), `version ${n} is byte-identical to the record served in r${phase + 1}`);
      assert.equal(r.headers.etag, then.headers.etag);
      assert.equal(r.headers['cache-control'], IMMUTABLE_CACHE);
      assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(r.headers.vary, 'Accept-Encoding');
      assert.equal(r.json().data.metadata.version, n);
      assert.deepEqual(schemaErrors('DiseaseRecordResponse', r.json()), []);
    }
    const v1 = served[0].get(CF)!;
    const gz = await get(`/api/v1/diseases/${CF}/versions/1`, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(gunzipSync(gz.body).equals(v1.body));
    const again = await get(`/api/v1/diseases/${CF}/versions/1`, { 'if-none-match': String(v1.headers.etag) });
    assert.deepEqual(
      [again.status, again.body.length, again.headers.etag, again.headers['cache-control']],
      [304, 0, v1.headers.etag, IMMUTABLE_CACHE],
    );
    const head = await get(`/api/v1/diseases/${CF}/versions/2`, {}, 'HEAD');
    assert.deepEqual([head.status, head.body.length, head.headers['content-length']], [200, 0, String(served[1].get(CF)!.body.length)]);
    // The current version is the current record.
    assert.ok((await get(`/api/v1/diseases/${CF}/versions/3`)).body.equals((await get(`/api/v1/diseases/${CF}`)).body));
  });

  test('404 for a version or history that does not exist, 400 for a malformed one', async () => {
    assert.equal(
      assertProblem(await get(`/api/v1/diseases/${CF}/versions/4`), 404, 'not-found').detail,
      `${CF} has no version 4 kept; its versions are listed at /api/v1/diseases/${CF}/versions.`,
    );
    assertProblem(await get('/api/v1/diseases/MONDO:9999999/versions'), 404, 'not-found');
    assertProblem(await get('/api/v1/diseases/MONDO:9999999/versions/1'), 404, 'not-found');
    // Obsolete before the history began: no version of it was ever served here.
    assert.match(
      assertProblem(await get('/api/v1/diseases/MONDO:0018917/versions'), 404, 'not-found').detail,
      /^MONDO:0018917 \(Marfan syndrome\) is obsolete in Mondo and has no version kept/,
    );
    const zero = assertProblem(await get(`/api/v1/diseases/${CF}/versions/0`), 400, 'invalid-parameters');
    assert.deepEqual(zero.invalidParams, [{ name: 'version', reason: 'out-of-range', detail: 'must be between 1 and 1000000, got 0' }]);
    const word = assertProblem(await get(`/api/v1/diseases/${CF}/versions/latest`), 400, 'invalid-parameters');
    assert.deepEqual(word.invalidParams, [{ name: 'version', reason: 'wrong-type', detail: 'must be an integer, got "latest"' }]);
    const id = assertProblem(await get('/api/v1/diseases/MONDO:123/versions/1'), 400, 'invalid-parameters');
    assert.deepEqual(
      id.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [['mondoId', 'malformed']],
    );
    assertProblem(await get(`/api/v1/diseases/${CF}/versions?x=1`), 400, 'invalid-parameters');
  });

  test('every history route needs a key with the read scope', async () => {
    for (const path of [
      '/api/v1/releases',
      '/api/v1/releases/r1',
      '/api/v1/releases/r1/changes',
      `/api/v1/diseases/${CF}/versions`,
      `/api/v1/diseases/${CF}/versions/1`,
    ]) {
      assertProblem(await call(server.url, path), 401, 'unauthorized');
    }
  });
});
