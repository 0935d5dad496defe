import type { ListingRow } from '../contract/listing-row.ts';
import { MatchCollector, type ParsedQuery } from './collect-matches.ts';
import { countFacets } from './facets.ts';
import { compileFilter } from './filters.ts';
import { highlightGene, highlightText } from './highlight.ts';
import { geneKey, type SerializedSearchIndex } from '../contract/search-index.ts';
import { LoadedIndex } from './loaded-index.ts';
import { matchSlot, newAlignment } from './match-slot.ts';
import { normalize, tokenize } from '../contract/normalize.ts';
import { MAX_ROWS, fieldKey, keyRank, scoreOf, splitRelevance } from './rank-key.ts';
import { RowTable } from './row-table.ts';
import type { MatchKind, SearchHit, SearchParams, SearchResult } from './search-types.ts';
import { topKeys } from './top-keys.ts';

const KIND_BY_TIER: MatchKind[] = ['exact', 'exact', 'exact', 'prefix', 'prefix', 'words', 'words', 'fuzzy'];
/** Words past this many are ignored: each costs a typo lookup, and no disease name is that long. */
export const MAX_QUERY_WORDS = 32;

/** Offset and limit as non-negative integers (the route validates; this only keeps indexes sane). */
function page(params: SearchParams): { offset: number; limit: number } {
  return { offset: Math.max(0, Math.floor(params.offset) || 0), limit: Math.max(0, Math.floor(params.limit) || 0) };
}

/**
 * Search over the listing rows: relevance tiers (exact name, exact synonym, gene symbol, name
 * prefix, synonym prefix, all words in the name, all words in a synonym, typo-tolerant), filters,
 * field sorts, facets and highlights. Synchronous, and not re-entrant: scratch space is shared.
 */
export class SearchEngine {
  private readonly index: LoadedIndex;
  private readonly table: RowTable;
  private readonly collector: MatchCollector;
  /** Filtered rows of a query-less search, in sort order. */
  private readonly browsed: Int32Array;
  /** Sort keys of the matched rows (scratch). */
  private readonly keys: Float64Array;

  constructor(serialized: SerializedSearchIndex, readonly rows: ListingRow[]) {
    if (rows.length > MAX_ROWS) throw new Error(`search supports at most ${MAX_ROWS} rows`);
    this.index = new LoadedIndex(serialized, rows);
    this.table = new RowTable(rows);
    this.collector = new MatchCollector(this.index, this.table);
    this.browsed = new Int32Array(rows.length);
    this.keys = new Float64Array(rows.length);
  }

  /** Run one search; see SearchParams. The result shares row objects with the engine. */
  search(params: SearchParams): SearchResult {
    const filter = compileFilter(params.filters, this.table, (s) => this.index.genes.get(geneKey(normalize(s))));
    if (params.q === undefined || params.q.trim() === '') return this.browse(params, filter);
    const tokens = tokenize(params.q).slice(0, MAX_QUERY_WORDS);
    const text = tokens.join(' ');
    const matchers = tokens.map((t) => this.index.vocabulary.matcher(t));
    const query: ParsedQuery = { tokens, text, matchers, gene: geneKey(text), alignment: newAlignment(tokens.length) };
    const count = tokens.length === 0 ? 0 : this.collector.collect(query, filter);

    const { matched, rowKey } = this.collector;
    const { rowByStaticRank } = this.table;
    const keys = this.keys;
    if (params.sort.field === 'relevance') {
      for (let i = 0; i < count; i++) keys[i] = rowKey[matched[i]];
    } else {
      const rank = this.table.fieldRank(params.sort.field, params.sort.direction);
      for (let i = 0; i < count; i++) keys[i] = fieldKey(rank(matched[i]), rowKey[matched[i]]);
    }
    const { offset, limit } = page(params);
    const top = topKeys(keys, count, offset + limit);
    const items: SearchHit[] = [];
    for (let i = offset; i < top.length; i++) items.push(this.hit(rowByStaticRank[keyRank(top[i])], query, params.highlight));
    return { total: count, items, ...(params.facets ? { facets: countFacets(matched, count, this.table) } : {}) };
  }

  /** No query text: every row that passes the filters, in the sort's order. */
  private browse(params: SearchParams, filter: ((r: number) => boolean) | null): SearchResult {
    const order = this.table.order(params.sort.field, params.sort.direction);
    let count = order.length;
    let passing: Int32Array = order;
    if (filter) {
      count = 0;
      for (const r of order) if (filter(r)) this.browsed[count++] = r;
      passing = this.browsed;
    }
    const { offset, limit } = page(params);
    const items: SearchHit[] = [];
    for (let i = offset; i < Math.min(count, offset + limit); i++) items.push({ row: this.rows[passing[i]], match: null });
    return { total: count, items, ...(params.facets ? { facets: countFacets(passing, count, this.table) } : {}) };
  }

  /** The hit for row r: what matched and, on request, where. */
  private hit(r: number, query: ParsedQuery, wantHighlight: boolean): SearchHit {
    const row = this.rows[r];
    const key = this.collector.rowKey[r];
    const score = scoreOf(key);
    const s = this.collector.rowSlot[r];
    if (s < 0) {
      const symbol = row.genes.find((g) => geneKey(normalize(g)) === query.gene) ?? query.gene;
      return { row, match: { field: 'gene', text: symbol, kind: 'exact', score }, ...(wantHighlight ? { highlight: highlightGene(symbol) } : {}) };
    }
    const ordinal = this.index.slotOrdinal[s];
    const field = ordinal === 0 ? 'name' : 'synonym';
    const text = ordinal === 0 ? row.name : row.synonyms[ordinal - 1];
    const hit: SearchHit = { row, match: { field, text, kind: KIND_BY_TIER[splitRelevance(key).tier], score } };
    if (wantHighlight) {
      const { slotStart, slotWords } = this.index;
      // Re-align the winning slot: collection kept only its key, not where the words landed.
      matchSlot(query.matchers, slotWords, slotStart[s], slotStart[s + 1] - slotStart[s], ordinal > 0, query.alignment);
      hit.highlight = highlightText(field, text, query.tokens, query.alignment);
    }
    return hit;
  }
}
