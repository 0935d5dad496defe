import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildLookups } from '../../build/compile/lookups-build.ts';
import type { HgncGene, SssomMapping } from '../../build/ingest/source-types.ts';
import type { DiseaseRecord } from '../../build/record/record-types.ts';
import { canonicalMondoId } from '../../server/contract/api/mondo-id-forms.ts';
import { type LoadedLookupsDoc, LOOKUPS_IN_PLACE, Lookups } from '../../server/lookups/loaded-lookups.ts';
import { parseJsonSliced } from '../../server/loading/json-slices.ts';
import { runNow } from '../../server/loading/slices.ts';

describe('Mondo id forms', () => {
  test('other spellings name the canonical id; the canonical id and non-ids give null', () => {
    assert.equal(canonicalMondoId('mondo:0009061'), 'MONDO:0009061');
    assert.equal(canonicalMondoId('MONDO_0009061'), 'MONDO:0009061');
    assert.equal(canonicalMondoId('http://purl.obolibrary.org/obo/MONDO_0009061'), 'MONDO:0009061');
    assert.equal(canonicalMondoId('https://purl.obolibrary.org/obo/MONDO_0009061'), 'MONDO:0009061');
    assert.equal(canonicalMondoId('obo:MONDO_0009061'), 'MONDO:0009061');
    assert.equal(canonicalMondoId('MONDO:0009061'), null);
    assert.equal(canonicalMondoId('MONDO:009061'), null);
    assert.equal(canonicalMondoId('OMIM:219700'), null);
  });
});

const mapping = (
  subject: string,
  predicate: SssomMapping['predicate'],
  object: string,
  set: string,
  objectLabel: string | null = null,
): SssomMapping => ({
  subject,
  predicate,
  object,
  objectLabel,
  justification: 'semapv:ManualMappingCuration',
  set,
});
const record = (id: string, parents: string[], genes: { symbol: string; hgncId: string; association: string }[] = []) =>
  ({
    id,
    parents: parents.map((p) => ({ id: p, name: p })),
    genes: genes.map((g) => ({
      ...g,
      name: g.symbol,
      sources: [{ source: 'mondo-ingest', release: 'r', raw: 'x', sourceSymbol: g.symbol }],
    })),
  }) as unknown as DiseaseRecord;
const gene = (hgncId: string, symbol: string, prevSymbols: string[], aliasSymbols: string[], status = 'Approved'): HgncGene => ({
  hgncId,
  symbol,
  name: `${symbol} gene`,
  locusGroup: 'protein-coding gene',
  locusType: 'gene with protein product',
  status,
  aliasSymbols,
  prevSymbols,
  entrezId: null,
  ensemblId: null,
  omimIds: [],
  dateModified: null,
});

function fixture(asServed = false): Lookups {
  const doc = buildLookups({
    records: [
      record('MONDO:0000001', []),
      record('MONDO:0000002', ['MONDO:0000001']),
      record('MONDO:0000003', ['MONDO:0000002']),
      record('MONDO:0000004', ['MONDO:0000002', 'MONDO:0000001'], [{ symbol: 'AAA1', hgncId: 'HGNC:1', association: 'causal' }]),
    ],
    obsoletes: [
      { id: 'MONDO:0000009', label: 'obsolete x', replacedBy: 'MONDO:0000004', consider: [] },
      { id: 'MONDO:0000008', label: 'obsolete y', replacedBy: null, consider: [] },
    ],
    mappings: [
      mapping('MONDO:0000003', 'hasDbXref', 'OMIM:100001', 'mondo_hasdbxref_omim'),
      mapping('MONDO:0000003', 'exactMatch', 'OMIM:100001', 'mondo_exactmatch_omim', 'three'),
      mapping('MONDO:0000002', 'broadMatch', 'OMIM:100001', 'mondo_broadmatch_omim'),
      mapping('MONDO:0000009', 'exactMatch', 'Orphanet:77', 'mondo_exactmatch_orphanet'),
      mapping('MONDO:0000008', 'exactMatch', 'Orphanet:78', 'mondo_exactmatch_orphanet'),
      mapping('MONDO:0000007', 'exactMatch', 'Orphanet:79', 'mondo_exactmatch_orphanet'),
      mapping('MONDO:0000004', 'hasDbXref', 'GARD:0000123', 'mondo_hasdbxref_gard'),
    ],
    hgnc: [
      gene('HGNC:1', 'AAA1', ['AAA', 'OLD'], ['X1']),
      gene('HGNC:2', 'BBB1', ['OLD'], ['X2']),
      gene('HGNC:3', 'CCC', [], [], 'Withdrawn'),
    ],
    releases: { mondo: '2026-08-04', hgnc: '2026-08-01' },
  });
  // As the server loads it: the document's cross-references kept as bytes (JsonMembers).
  if (asServed)
    return runNow(Lookups.load(runNow(parseJsonSliced(Buffer.from(JSON.stringify(doc)), LOOKUPS_IN_PLACE)) as LoadedLookupsDoc));
  return new Lookups(doc);
}

describe('lookups', () => {
  test('codes: most specific predicate per disease, exact first; obsolete subjects followed; case-insensitive spellings', () => {
    for (const lk of [fixture(), fixture(true)]) codesOf(lk);
  });
  function codesOf(lk: Lookups): void {
    const omim = lk.parse('omim:100001');
    assert.deepEqual(omim, { ok: true, prefix: 'OMIM', local: '100001' });
    const code = lk.code('OMIM', '100001')!;
    assert.equal(code, 'OMIM:100001');
    assert.deepEqual(
      lk.targets(code).map(([id, s, via]) => [id, lk.mappingSets[s].predicate, lk.mappingSets[s].set, via]),
      [
        ['MONDO:0000003', 'exactMatch', 'mondo_exactmatch_omim', null],
        ['MONDO:0000002', 'broadMatch', 'mondo_broadmatch_omim', null],
      ],
    );
    assert.equal(lk.label(code), 'three');
    const orpha = lk.parse('ORPHA:77');
    assert.ok(orpha.ok);
    assert.deepEqual(lk.targets(lk.code(orpha.prefix, orpha.local)!), [['MONDO:0000004', 3, 'MONDO:0000009']]);
    // An obsolete class without a served replacement is said as such; a class neither served nor obsolete maps to nothing.
    assert.equal(lk.code('Orphanet', '78'), 'Orphanet:78');
    assert.deepEqual([lk.targets('Orphanet:78'), lk.obsoleteTargets('Orphanet:78')], [[], ['MONDO:0000008']]);
    assert.equal(lk.code('Orphanet', '79'), null);
    const gard = lk.parse('gard:123');
    assert.ok(gard.ok);
    assert.equal(lk.code(gard.prefix, gard.local), 'GARD:0000123');
    assert.deepEqual(lk.parse('OMIM:12'), { ok: false, reason: 'malformed', detail: 'OMIM:12 is not a well-formed OMIM id' });
    assert.equal(lk.parse('NOPE:1').ok, false);
  }
  test('hierarchy: children inverted from parents; reach by shortest distance', () => {
    const lk = fixture();
    assert.deepEqual(lk.children('MONDO:0000002'), ['MONDO:0000003', 'MONDO:0000004']);
    assert.deepEqual(lk.reach('MONDO:0000004', 'up'), [
      { id: 'MONDO:0000001', distance: 1 },
      { id: 'MONDO:0000002', distance: 1 },
    ]);
    assert.deepEqual(lk.reach('MONDO:0000001', 'down'), [
      { id: 'MONDO:0000002', distance: 1 },
      { id: 'MONDO:0000004', distance: 1 },
      { id: 'MONDO:0000003', distance: 2 },
    ]);
    assert.deepEqual([...lk.descendantSet('MONDO:0000002')].sort(), ['MONDO:0000003', 'MONDO:0000004']);
  });
  test('genes: symbol, HGNC id, unambiguous previous symbol and alias; shared ones name none; withdrawn genes left out', () => {
    for (const lk of [fixture(), fixture(true)]) genesOf(lk);
  });
  function genesOf(lk: Lookups): void {
    assert.equal(lk.gene('aaa1')?.via, 'symbol');
    assert.equal(lk.gene('HGNC:2')?.gene[1], 'BBB1');
    assert.deepEqual([lk.gene('AAA')?.gene[1], lk.gene('AAA')?.via], ['AAA1', 'previous']);
    assert.deepEqual([lk.gene('x2')?.gene[1], lk.gene('x2')?.via], ['BBB1', 'alias']);
    assert.equal(lk.gene('OLD'), null);
    assert.equal(lk.gene('CCC'), null);
    assert.deepEqual(lk.geneDiseases('HGNC:1'), [['MONDO:0000004', 'causal', [['mondo-ingest', 'r']]]]);
    assert.deepEqual(lk.geneDiseases('HGNC:9'), []);
  }
});
