import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { SearchEngine } from '../../server/search/engine.ts';
import type { SearchParams, SearchResult } from '../../server/search/search-types.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import {
  FAILURE_CLASSES,
  GENE_SYMBOLS,
  MISSPELLINGS,
  PREFIXES,
  SYNONYMS,
  TYPED_NAMES,
  type RelevanceCase,
} from '../fixtures/search-relevance/cases.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';

let rows: ListingRow[];
let engine: SearchEngine;

before(async () => {
  await ensureRealSnapshot();
  const read = (name: string) => readSnapshotJson<any>(join(REAL_DIST, 'current'), name);
  rows = read(SNAPSHOT_FILES.listing);
  engine = new SearchEngine(read(SNAPSHOT_FILES.searchIndex), rows);
});

function search(q: string, limit = 20): SearchResult {
  const params: SearchParams = {
    q,
    filter: null,
    sort: { field: 'relevance', direction: 'desc' },
    limit,
    offset: 0,
    highlight: false,
    facets: false,
  };
  return engine.search(params);
}

/** One test per case: the meant disease is first, matched the way the case says. */
function suite(title: string, cases: RelevanceCase[]): void {
  describe(title, () => {
    for (const c of cases) {
      it(`${c.q} -> ${c.name} (${c.why})`, () => {
        const top = search(c.q, 1).items[0];
        assert.ok(top, `no result for ${c.q}`);
        assert.deepEqual(
          { id: top.row.id, name: top.row.name, field: top.match?.field, kind: top.match?.kind },
          { id: c.id, name: c.name, field: c.field, kind: c.kind },
        );
      });
    }
  });
}

suite('typed names', TYPED_NAMES);
suite('synonyms', SYNONYMS);
suite('misspellings', MISSPELLINGS);
suite('gene symbols', GENE_SYMBOLS);
suite('prefixes', PREFIXES);

for (const [title, cases] of Object.entries(FAILURE_CLASSES)) {
  describe(title, () => {
    for (const c of cases) {
      it(`${c.q} -> ${c.top.join(', ')} (${c.why})`, () => {
        const items = search(c.q, c.top.length).items;
        assert.deepEqual({ top: items.map((h) => h.row.id), kind: items[0]?.match?.kind }, { top: c.top, kind: c.kind });
      });
    }
  });
}

describe('best partial matches', () => {
  it('are returned and flagged when no text has every word, with what is missing', () => {
    const top = search('von Hippel-Lindau tumor', 1).items[0];
    assert.equal(top.match?.kind, 'partial');
    assert.deepEqual(
      top.match?.why.words.map((w) => [w.query, w.how]),
      [
        ['von', 'exact'],
        ['hippel', 'exact'],
        ['lindau', 'exact'],
        ['tumor', 'missing'],
      ],
    );
  });

  it('highlight every matched word', () => {
    const params: SearchParams = {
      q: 'breast/ovarian cancer',
      filter: null,
      sort: { field: 'relevance', direction: 'desc' },
      limit: 1,
      offset: 0,
      highlight: true,
      facets: false,
    };
    assert.equal(engine.search(params).items[0].highlight?.text, 'hereditary <mark>breast ovarian cancer</mark> syndrome');
  });
});

describe('gene symbol order', () => {
  it('PAH: after the two diseases abbreviated PAH, phenylketonuria is the first gene match', () => {
    const items = search('PAH').items;
    assert.deepEqual(
      items.slice(0, 2).map((h) => [h.row.id, h.match?.field, h.match?.text]),
      [
        ['MONDO:0015924', 'synonym', 'PAH'],
        ['MONDO:0020419', 'synonym', 'PAH'],
      ],
    );
    assert.deepEqual([items[2].row.id, items[2].match?.field], ['MONDO:0009861', 'gene']);
  });

  it('CFTR: every disease the gene causes before any it only modifies or predisposes to', () => {
    const genes = search('CFTR', 100).items.filter((h) => h.match?.field === 'gene');
    const causal = genes.map((h) => h.row.causalGenes.includes('CFTR'));
    assert.ok(causal.includes(true) && causal.includes(false), 'CFTR has both kinds of association');
    assert.equal(causal.indexOf(false), causal.lastIndexOf(true) + 1);
  });

  it('causalGenes are the causal subset of genes: cystic fibrosis keeps CFTR, not its modifiers', () => {
    const cf = rows.find((r) => r.id === 'MONDO:0009061')!;
    assert.deepEqual(cf.causalGenes, ['CFTR']);
    assert.ok(cf.genes.length > 1);
    for (const r of rows) for (const g of r.causalGenes) assert.ok(r.genes.includes(g), `${r.id}: ${g}`);
  });
});

describe('no match', () => {
  it('a query matching no name, synonym or gene is an empty result', () => {
    assert.deepEqual(search('xqzvbnm'), { total: 0, items: [] });
  });
});
