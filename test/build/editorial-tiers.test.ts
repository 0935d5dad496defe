import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { EditorialError } from '../../build/editorial/expert-join.ts';
import type { EditorialFile } from '../../build/editorial/editorial-file.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { MINI_DATA, MINI_EDITORIAL, build, copyTree, editData, tempDir, treeState } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { currentId, readCurrentJson, storedRecord } from '../fixtures/build-pipeline/snapshot-audit.ts';

/**
 * The expert content of a record and the three QC tiers of an editorial file, on the mini DATA_DIR
 * with one editorial file (test/fixtures/mini-editorial: Marfan syndrome, curated against the mini
 * data's releases): joined and composed; a newer HGNC release that renames its gene takes the
 * sections that use the gene back to the structured facts (tier 2) and lists the file for review
 * (tier 3); a file that names an HPO id the release lacks stops the build (tier 1).
 */
const MARFAN = 'MONDO:0007947';
const FILE = join(MINI_EDITORIAL, 'MONDO_0007947.json');
const doc = JSON.parse(readFileSync(FILE, 'utf8')) as EditorialFile;
const manifestOf = (dist: string) => readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
const qcOf = (dist: string) => readCurrentJson<{ tier2: any; tier3: any; editorialFiles: any }>(dist, SNAPSHOT_FILES.qcReport);

let dist = '';
before(async () => {
  dist = tempDir('editorial');
  const r = await build(MINI_DATA, dist);
  assert.equal(r.ok, true, r.log);
});

describe('a record with expert content', () => {
  test('carries the file as `expert`, its overview leads with the lead, its hallmarks with the defining features', () => {
    const r = storedRecord(dist, manifestOf(dist), MARFAN);
    assert.deepEqual(
      r.expert?.lead.map((s) => s.text),
      doc.lead.map((s) => s.text),
    );
    assert.deepEqual(r.expert?.lead[0].basedOn, ['name', 'expert.genes', 'expert.mechanism']);
    assert.deepEqual(r.expert?.regenerated, []);
    assert.deepEqual(r.expert?.reviewed, null);
    assert.equal(r.sections.overview.paragraphs[0], doc.lead.map((s) => s.text).join(' '));
    assert.equal(r.sections.overview.generation, 'template');
    const hallmarks = r.computed.hallmarks as { hpoId: string; basis?: string }[];
    assert.deepEqual(
      hallmarks.slice(0, doc.definingFeatures.length).map((h) => [h.hpoId, h.basis]),
      doc.definingFeatures.map((f) => [f.hpoId, 'expert']),
    );
    assert.ok(hallmarks.slice(doc.definingFeatures.length).every((h) => h.basis === 'rule'));
    assert.match(
      r.sections['screening-and-diagnosis'].paragraphs[0],
      /^Diagnosis, (biochemical|enzyme|molecular|cytogenetic|imaging|histology|physiological|clinical criteria): /,
    );
    assert.match(r.sections.treatment.paragraphs[0], /^First-line management \[/);
    assert.deepEqual(r.metadata.editorial, {
      fields: ['expert', 'computed.hallmarks'],
      sections: ['overview', 'clinical-features', 'genetics', 'screening-and-diagnosis', 'treatment'],
      curatedOn: '2024-06-01',
      reviewedOn: null,
    });
    assert.deepEqual(r.metadata.sectionsRegenerated, []);
    assert.ok(r.metadata.sources.some((s) => s.source === 'editorial' && s.release === '2024-06-01'));
  });

  test('a record without one has no `expert`, and the listing tells them apart', () => {
    const m = manifestOf(dist);
    const other = storedRecord(dist, m, 'MONDO:0009061');
    assert.equal('expert' in other, false);
    assert.equal('editorial' in other.metadata, false);
    const rows = readCurrentJson<ListingRow[]>(dist, SNAPSHOT_FILES.listing);
    assert.deepEqual(
      rows.filter((row) => row.hasExpertContent).map((row) => row.id),
      [MARFAN],
    );
    // The meaning the flag had before expert content existed keeps a field of its own.
    assert.deepEqual(
      rows.filter((row) => row.hasCuratedDefinition).map((row) => row.id),
      rows.filter((row) => row.definitionSource === 'mondo' || row.definitionSource === 'orphanet').map((row) => row.id),
    );
  });

  test('tier 3 lists the file as not yet reviewed and, curated over 12 months before the build, as stale', () => {
    const qc = qcOf(dist);
    assert.deepEqual(qc.editorialFiles, { files: 1, joined: 1 });
    assert.deepEqual(qc.tier2, { regenerated: [], orphaned: [] });
    assert.deepEqual(qc.tier3.editorialReview.flagged, []);
    assert.deepEqual(qc.tier3.editorialReview.unreviewed, [MARFAN]);
    assert.deepEqual(qc.tier3.editorialReview.stale, [{ mondoId: MARFAN, curatedOn: '2024-06-01' }]);
  });
});

describe('a newer release that contradicts an editorial fact', () => {
  let next = '';
  before(async () => {
    next = copyTree(dist, 'editorial-tier2');
    const data = copyTree(MINI_DATA, 'editorial-tier2-data');
    // A new HGNC release (a later date_modified) renames FBN1: the file's gene is no longer the record's.
    editData(data, 'hgnc/hgnc_complete_set_2024-10_subset.tsv.gz', (t) =>
      t.replace(/^(HGNC:3603\t)FBN1\t(.*)\t2023-01-20\t/m, '$1FBN1X\t$2\t2026-11-30\t'),
    );
    const r = await build(data, next);
    assert.equal(r.ok, true, r.log);
  });

  test('tier 2: the sections that use the gene are composed from the structured facts alone, and say so', () => {
    const r = storedRecord(next, manifestOf(next), MARFAN);
    assert.deepEqual(r.expert?.regenerated, [
      { pointer: 'genes.0', reason: "FBN1 is not among the record's genes (FBN1X)", sections: ['overview', 'genetics'] },
    ]);
    assert.equal(r.sections.overview.generation, 'facts-only');
    assert.equal(r.sections.genetics.generation, 'facts-only');
    assert.equal(r.sections.overview.paragraphs.join(' ').includes(doc.lead[0].text), false);
    assert.equal(r.sections.overview.basedOn.includes('expert'), false);
    assert.equal(r.sections.treatment.generation, 'template');
    assert.match(r.sections.treatment.paragraphs[0], /^First-line management \[/);
    assert.deepEqual(r.metadata.sectionsRegenerated, ['overview', 'genetics']);
  });

  test('tiers 2 and 3 in the QC report: the regeneration, and the file flagged for review', () => {
    const qc = qcOf(next);
    assert.deepEqual(qc.tier2.regenerated, [
      {
        mondoId: MARFAN,
        regenerations: [{ pointer: 'genes.0', reason: "FBN1 is not among the record's genes (FBN1X)", sections: ['overview', 'genetics'] }],
      },
    ]);
    assert.deepEqual(qc.tier3.editorialReview.flagged, [MARFAN]);
  });
});

test('tier 1: a defining feature that is not an HPO term of the release stops the build, naming the file and pointer', async () => {
  const editorial = tempDir('editorial-tier1');
  cpSync(MINI_EDITORIAL, editorial, { recursive: true });
  const bad = join(editorial, 'MONDO_0007947.json');
  writeFileSync(bad, readFileSync(bad, 'utf8').replace(`"${doc.definingFeatures[0].hpoId}"`, '"HP:9999999"'));
  const copy = copyTree(dist, 'editorial-tier1-dist');
  const state = treeState(copy);
  await assert.rejects(build(MINI_DATA, copy, false, null, editorial), (err: unknown) => {
    assert.ok(err instanceof EditorialError);
    assert.equal(err.message, `${bad}: editorial QC tier 1 failed: /definingFeatures/0/hpoId: HP:9999999 is not an HPO term`);
    return true;
  });
  assert.deepEqual(treeState(copy), state);
  assert.equal(currentId(copy), currentId(dist));
});
