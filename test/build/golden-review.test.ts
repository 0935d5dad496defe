import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { type PackLookup, readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';

/**
 * The golden review: 30 diseases across kinds (frequent rare diseases, grouping classes,
 * ultra-rare, non-genetic), each record checked by hand against its source rows (the `checked`
 * note of content/qc/golden-review.json says which), kept as exact expectations on the real build.
 */
interface Golden {
  id: string;
  name: string;
  kind: 'frequent-rare' | 'grouping' | 'ultra-rare' | 'non-genetic';
  checked: string;
  expect: {
    overviewFirstSentence: string;
    primaryInheritance: string | null;
    inheritanceConflicts: string[];
    causalGenes: string[];
    subtypeGenes: string[];
    headline: string;
    screening: [string, string | null];
    subtypesScreened: string[];
    approved: string[];
  };
}

const golden = JSON.parse(readFileSync(join(import.meta.dirname, '../../content/qc/golden-review.json'), 'utf8')) as Golden[];
let manifest: Manifest;
let packs: PackLookup;
const record = (id: string): any => JSON.parse(readPackedSync(packs, manifest.entries[id]).toString('utf8')).data;

before(async () => {
  await ensureRealSnapshot();
  manifest = readSnapshotJson<Manifest>(join(REAL_DIST, 'current'), SNAPSHOT_FILES.manifest);
  packs = snapshotPacks(REAL_DIST, join(REAL_DIST, 'current'));
});

describe('golden review (content/qc/golden-review.json)', () => {
  test('30 diseases, at least five of each kind, each with its hand-check note', () => {
    assert.equal(golden.length, 30);
    assert.equal(new Set(golden.map((g) => g.id)).size, 30);
    for (const kind of ['frequent-rare', 'grouping', 'ultra-rare', 'non-genetic'])
      assert.ok(golden.filter((g) => g.kind === kind).length >= 5, kind);
    for (const g of golden) assert.match(g.checked, /^\S.*\.$/, g.id);
  });

  for (const g of golden) {
    test(`${g.name} (${g.id}, ${g.kind})`, () => {
      const r = record(g.id);
      assert.equal(r.name, g.name);
      const e = g.expect;
      // A record with expert content leads with the curator's lead (content/editorial; its own test is
      // test/e2e/expert-content.test.ts); the hand-checked first sentence is the template's, of the others.
      if (r.expert) assert.ok(r.sections.overview.paragraphs[0].startsWith(r.expert.lead[0].text), 'the overview leads with the lead');
      else assert.equal(r.sections.overview.paragraphs[0].split(/(?<=\.)\s/)[0], e.overviewFirstSentence);
      assert.equal(r.computed.primaryInheritance, e.primaryInheritance);
      assert.equal(r.inheritanceSummary.primary, e.primaryInheritance);
      assert.deepEqual(r.inheritanceSummary.conflicts.map((c: { term: string }) => c.term).sort(), e.inheritanceConflicts);
      assert.deepEqual(
        r.genes
          .filter((x: { association: string }) => x.association.startsWith('causal'))
          .map((x: { symbol: string }) => x.symbol)
          .sort(),
        e.causalGenes,
      );
      assert.deepEqual(
        r.rollup.genes.slice(0, 5).map((x: { symbol: string }) => x.symbol),
        e.subtypeGenes,
      );
      // An editorial prevalence note leads the epidemiology section, citing its page; the headline figure follows.
      const epidemiology = r.sections.epidemiology.paragraphs;
      if (r.expert?.prevalenceNote) {
        assert.ok(epidemiology[0].startsWith('Prevalence note ['), epidemiology[0]);
        assert.ok(epidemiology[0].endsWith(r.expert.prevalenceNote.text), epidemiology[0]);
        assert.equal(epidemiology[1], e.headline);
      } else assert.equal(epidemiology[0], e.headline);
      assert.deepEqual([r.screening.status, r.screening.via], e.screening);
      assert.deepEqual(
        r.rollup.screening.map((s: { subtype: { name: string } }) => s.subtype.name),
        e.subtypesScreened,
      );
      assert.deepEqual(
        r.orphanDrugs
          .filter((d: { status: string }) => d.status === 'approved')
          .map((d: { tradeName: string | null; genericName: string }) => d.tradeName ?? d.genericName)
          .sort(),
        e.approved,
      );
      // Names of the overview are names: no susceptibility, modifier or negated term.
      const names = r.synonyms.filter((s: { kind: string }) => s.kind === 'name').map((s: { text: string }) => s.text);
      for (const n of names) assert.doesNotMatch(n, /susceptib|modifier of|\bnon-?[A-Z]{2,}\b/, n);
    });
  }
});
