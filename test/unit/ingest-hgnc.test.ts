import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readHgncGenes } from '../../build/ingest/hgnc.ts';
import { createGeneValidator } from '../../build/record/gene-validator.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

const FIXTURE = 'hgnc_complete_set.tsv';

test('hgnc: genes with |-separated aliases, previous symbols and OMIM ids', () => {
  const genes = readHgncGenes(gzFixture(FIXTURE));
  assert.deepEqual(
    genes.map((g) => g.symbol),
    ['ACSM2A', 'ACSM2B', 'AK3', 'AK4', 'AKAP17A', 'C1orf21', 'UBE3A', 'CFTR'],
  );
  assert.deepEqual(genes[7], {
    hgncId: 'HGNC:1884',
    symbol: 'CFTR',
    name: 'CF transmembrane conductance regulator',
    locusGroup: 'protein-coding gene',
    locusType: 'gene with protein product',
    status: 'Approved',
    aliasSymbols: ['MRP7', 'ABC35', 'TNR-CFTR', 'dJ760C5.1', 'CFTR/MRP'],
    prevSymbols: ['CF', 'ABCC7'],
    entrezId: '1080',
    ensemblId: 'ENSG00000001626',
    omimIds: ['602421'],
    dateModified: '2023-01-20',
  });
  assert.deepEqual(genes[4].omimIds, ['312095', '465000']);
  assert.deepEqual(genes[5], {
    hgncId: 'HGNC:15494',
    symbol: 'C1orf21',
    name: 'chromosome 1 open reading frame 21',
    locusGroup: 'protein-coding gene',
    locusType: 'gene with protein product',
    status: 'Approved',
    aliasSymbols: ['PIG13'],
    prevSymbols: [],
    entrezId: '81563',
    ensemblId: 'ENSG00000116667',
    omimIds: [],
    dateModified: '2023-01-20',
  });
});

test('hgnc: a malformed HGNC id, a missing column and truncated gzip are errors', () => {
  const text = fixtureText(FIXTURE);
  const badId = tempFile('hgnc-bad.tsv.gz', text.replace('HGNC:1884\t', 'HGNC1884\t'));
  assert.throws(() => readHgncGenes(badId), { message: `${badId} line 9: malformed HGNC id "HGNC1884"` });
  const noPrev = tempFile('hgnc-noprev.tsv', text.replace('\tprev_symbol\t', '\tprevious_symbol\t'));
  assert.throws(() => readHgncGenes(noPrev), {
    message: `${noPrev} line 1: missing column(s) "prev_symbol"; expected columns: hgnc_id, symbol, name, locus_group, locus_type, status, alias_symbol, prev_symbol, entrez_id, ensembl_gene_id, omim_id, date_modified`,
  });
  const truncated = truncatedGz('hgnc-truncated.tsv.gz', text);
  assert.throws(() => readHgncGenes(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
});

test('gene validator: approved, renamed via previous symbol, unknown', () => {
  const genes = readHgncGenes(gzFixture(FIXTURE));
  const cftr = genes[7];
  const validator = createGeneValidator(genes);
  assert.equal(validator.approvedCount, 8);
  assert.deepEqual(validator.resolve('CFTR'), { status: 'approved', gene: cftr });
  assert.deepEqual(validator.resolve('ABCC7'), { status: 'renamed', gene: cftr, from: 'ABCC7' });
  assert.deepEqual(validator.resolve('NOTAGENE1'), { status: 'unknown', symbol: 'NOTAGENE1' });
});

test('gene validator: a known HGNC id wins over the symbol', () => {
  const genes = readHgncGenes(gzFixture(FIXTURE));
  const validator = createGeneValidator(genes);
  assert.deepEqual(validator.resolve('CFTR', 'HGNC:1884'), { status: 'approved', gene: genes[7] });
  assert.deepEqual(validator.resolve('HPVE6A', 'HGNC:12496'), { status: 'renamed', gene: genes[6], from: 'HPVE6A' });
  // An unknown id falls back to the symbol.
  assert.deepEqual(validator.resolve('UBE3A', 'HGNC:999999'), { status: 'approved', gene: genes[6] });
});

test('gene validator: ambiguous previous symbols, aliases and case changes are not resolved', () => {
  const genes = readHgncGenes(gzFixture(FIXTURE));
  const validator = createGeneValidator(genes);
  // AK3L1 was a symbol of both AK3 and AK4.
  assert.deepEqual(validator.resolve('AK3L1'), { status: 'unknown', symbol: 'AK3L1' });
  // AK3 is a previous symbol of AK4 but the current symbol of AK3: the current symbol wins.
  assert.deepEqual(validator.resolve('AK3'), { status: 'approved', gene: genes[2] });
  // ACSM2 was split into ACSM2A and ACSM2B.
  assert.deepEqual(validator.resolve('ACSM2'), { status: 'unknown', symbol: 'ACSM2' });
  // AS is an alias of UBE3A: aliases are not used.
  assert.deepEqual(validator.resolve('AS'), { status: 'unknown', symbol: 'AS' });
  assert.deepEqual(validator.resolve('C1orf21'), { status: 'approved', gene: genes[5] });
  assert.deepEqual(validator.resolve('C1ORF21'), { status: 'unknown', symbol: 'C1ORF21' });
});
