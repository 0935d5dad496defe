import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { termSpecificity } from '../../build/record/term-specificity.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { type PackLookup, readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';
import { ensureRealSnapshot, REAL_DATA, REAL_DIST } from '../helpers/real-snapshot.ts';

/**
 * Hallmarks on the real build (HALLMARK_RULE): for textbook diseases, the textbook hallmarks are
 * among the first five features named (computed.hallmarks, best first), and the overview names them
 * (on a record with expert content, they are the curator's defining features, which its lead names).
 * A hallmark counts when the feature chosen is the textbook term or a more specific one below it.
 * The rule's constants were chosen by cross-validation, not for these diseases.
 */
const TEXTBOOK: [string, string, [string, string][]][] = [
  [
    'MONDO:0018975',
    'neurofibromatosis type 1',
    [
      ['HP:0000957', 'Cafe-au-lait spot'],
      ['HP:0001067', 'Neurofibromas'],
    ],
  ],
  ['MONDO:0009061', 'cystic fibrosis', [['HP:0012236', 'Elevated sweat chloride']]],
  ['MONDO:0009861', 'phenylketonuria', [['HP:0004923', 'Hyperphenylalaninemia']]],
  ['MONDO:0008678', 'Williams syndrome', [['HP:0004381', 'Supravalvular aortic stenosis']]],
  ['MONDO:0007739', 'Huntington disease', [['HP:0002072', 'Chorea']]],
  ['MONDO:0018800', 'Kallmann syndrome', [['HP:0000044', 'Hypogonadotropic hypogonadism']]],
  ['MONDO:0008753', 'alkaptonuria', [['HP:0030764', 'Ochronosis']]],
];

let manifest: Manifest;
let packs: PackLookup;
const record = (id: string): any => JSON.parse(readPackedSync(packs, manifest.entries[id]).toString('utf8')).data;
const hpo = termSpecificity(readHpoOntology(join(REAL_DATA, 'hpo/hp_2023-01-27.json.gz')).terms);

before(async () => {
  await ensureRealSnapshot();
  manifest = readSnapshotJson<Manifest>(join(REAL_DIST, 'current'), SNAPSHOT_FILES.manifest);
  packs = snapshotPacks(REAL_DIST, join(REAL_DIST, 'current'));
});

describe('hallmarks of textbook diseases (real data)', () => {
  for (const [id, name, hallmarks] of TEXTBOOK) {
    test(`${name}: ${hallmarks.map(([, l]) => l).join(', ')} among the first five`, () => {
      const r = record(id);
      assert.equal(r.name, name);
      const first = (r.computed.hallmarks as { hpoId: string; label: string; basis?: string }[]).slice(0, 5);
      const overview = r.sections.overview.paragraphs.join(' ');
      for (const [term, label] of hallmarks) {
        const hit = first.find((h) => h.hpoId === term || hpo.ancestors(h.hpoId).has(term));
        assert.ok(hit, `${label} (${term}) not among ${first.map((h) => h.label).join('; ')}`);
        // With expert content the overview leads with the curator's lead, in the curator's words
        // (content/editorial); otherwise the template names the hallmark by its HPO label.
        if (r.expert) assert.equal(hit.basis, 'expert', `${hit.label} is not one of the curator's defining features`);
        else assert.ok(overview.includes(hit.label), `the overview does not name ${hit.label}`);
      }
    });
  }

  test('each hallmark carries its score and the parts of the score; the score is the documented formula', () => {
    for (const [id] of TEXTBOOK) {
      for (const h of record(id).computed.hallmarks) {
        const p = h.parts;
        const score = (p.specificity * (p.frequency + 0.5 * Number(p.namedInDefinition) + 0.5 * Number(p.sourcesAgree))) / 2;
        assert.ok(Math.abs(score - h.score) < 0.002, `${id} ${h.label}: ${h.score} vs ${score}`);
      }
    }
  });

  test('the phenotypes sub-resource names the hallmarks among its items, best first (the server orders by them)', () => {
    const id = 'MONDO:0018975';
    const list = JSON.parse(readPackedSync(packs, manifest.entries[`${id}/phenotypes`]).toString('utf8')).data;
    assert.equal(list.order, 'frequency');
    assert.equal(manifest.entries[`${id}/phenotypes?order=hallmark`], undefined, 'the hallmark order is composed, not stored');
    const listed = new Set(list.items.filter((p: { negated: boolean }) => !p.negated).map((p: { hpoId: string }) => p.hpoId));
    const hallmarks = record(id).computed.hallmarks.map((h: { hpoId: string }) => h.hpoId);
    assert.deepEqual(
      list.hallmarks,
      hallmarks.filter((h: string) => listed.has(h)),
    );
    assert.deepEqual(list.hallmarks.slice(0, 5), hallmarks.slice(0, 5));
  });
});
