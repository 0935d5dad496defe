import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { EditorialFile } from '../../build/editorial/editorial-file.ts';
import { readEditorialFiles } from '../../build/editorial/editorial-file.ts';
import { bearer, call } from '../helpers/http.ts';
import { ROOT } from '../helpers/real-snapshot.ts';
import { startRealServer } from '../helpers/real-server.ts';
import type { RunningServer } from '../helpers/server-process.ts';

/**
 * Expert content on the real snapshot, through the API: every editorial file of content/editorial
 * is a record with `expert` (and only those), the record leads with it, and the filters tell expert
 * content from a curated definition. Expectations come from the files themselves.
 */
let server: RunningServer;
let key: string;
const files = readEditorialFiles(join(ROOT, 'content/editorial')).map(({ doc }) => doc as EditorialFile);
const FRIEDREICH = 'MONDO:0100339';

before(async () => {
  let keys: Record<string, string>;
  ({ server, keys } = await startRealServer([{ tier: 'enterprise', name: 'ent' }]));
  key = keys.ent;
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const get = (path: string) => call(server.url, path, { headers: bearer(key) });

/** Every id of a filtered list, walking its pages. */
async function idsOf(path: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const body = (await get(`${path}&limit=100&offset=${offset}`)).json();
    ids.push(...body.data.map((d: { id: string }) => d.id));
    if (!body.pagination.hasMore) return ids.sort();
  }
}

describe('expert content through the API', () => {
  test('hasExpertContent lists exactly the diseases with an editorial file, on list and search', async () => {
    const expected = files.map((f) => f.mondoId).sort();
    assert.ok(expected.includes(FRIEDREICH));
    assert.deepEqual(await idsOf('/api/v1/diseases?hasExpertContent=true'), expected);
    assert.deepEqual(await idsOf('/api/v1/diseases/search?hasExpertContent=true'), expected);
    const friedreich = (await get('/api/v1/diseases/search?q=friedreich%20ataxia&hasExpertContent=true&limit=5')).json();
    assert.equal(friedreich.data[0].id, FRIEDREICH);
    assert.equal(friedreich.data[0].hasExpertContent, true);
  });

  test('hasCuratedDefinition keeps what hasExpertContent meant before: a definition from Mondo or Orphanet', async () => {
    const all = (await get('/api/v1/diseases?limit=1')).json().pagination.total;
    const curated = (await get('/api/v1/diseases?hasCuratedDefinition=true&limit=1')).json().pagination.total;
    const not = (await get('/api/v1/diseases?hasCuratedDefinition=false&limit=1')).json().pagination.total;
    assert.equal(curated + not, all);
    const cf = (await get('/api/v1/diseases/search?q=MONDO:0009061&limit=1')).json().data[0];
    assert.deepEqual([cf.hasCuratedDefinition, cf.definitionSource], [true, 'mondo']);
  });

  test('the record carries the file as `expert`, leads its overview with the lead and its hallmarks with the defining features', async () => {
    const doc = files.find((f) => f.mondoId === FRIEDREICH) as EditorialFile;
    const r = await get(`/api/v1/diseases/${FRIEDREICH}`);
    assert.equal(r.status, 200);
    const record = r.json().data;
    assert.deepEqual(
      record.expert.lead.map((s: { text: string }) => s.text),
      doc.lead.map((s) => s.text),
    );
    assert.deepEqual(
      record.expert.sources,
      doc.sources.map((s) => ({ ...s, identifier: s.identifier ?? null })),
    );
    assert.equal(record.sections.overview.paragraphs[0], doc.lead.map((s) => s.text).join(' '));
    assert.deepEqual(
      record.computed.hallmarks.slice(0, doc.definingFeatures.length).map((h: { hpoId: string; basis: string }) => [h.hpoId, h.basis]),
      doc.definingFeatures.map((f) => [f.hpoId, 'expert']),
    );
    assert.equal(record.metadata.editorial.curatedOn, doc.curated.on);
    const summary = (await get(`/api/v1/diseases/${FRIEDREICH}/summary`)).json().data;
    assert.equal(summary.overview.paragraphs[0], doc.lead.map((s) => s.text).join(' '));
  });

  test('the well-known diseases name two of their defining features among their first five hallmarks', async () => {
    // The thirty diseases of the readings (content/qc/well-known.json); the textbook hallmarks are
    // their editorial files' defining features, each cited to the page that names it.
    const lists = JSON.parse(readFileSync(join(ROOT, 'content/qc/well-known.json'), 'utf8')).lists as Record<string, [string, string][]>;
    const wellKnown = Object.values(lists).flatMap((list) => list.map(([id]) => id));
    const checked: string[] = [];
    const missed: string[] = [];
    for (const id of wellKnown) {
      const doc = files.find((f) => f.mondoId === id);
      if (!doc || doc.definingFeatures.length < 2) continue;
      const firstFive = (await get(`/api/v1/diseases/${id}`))
        .json()
        .data.computed.hallmarks.slice(0, 5)
        .map((h: { hpoId: string }) => h.hpoId);
      const named = doc.definingFeatures.filter((f) => firstFive.includes(f.hpoId)).length;
      checked.push(id);
      if (named < 2) missed.push(`${id} (${named})`);
    }
    assert.ok(checked.length >= 25, `only ${checked.length} well-known diseases have editorial files`);
    // The bar: at least 23 of 25 (92 %).
    assert.ok(missed.length <= Math.floor(checked.length * 0.08), `below two of five: ${missed.join(', ')}`);
  });
});
