import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { GENE_SLOT, ID_SLOT, MatchCollector } from './collect-matches.ts';
import { countFacets } from './facets.ts';
import { highlightText, highlightWhole } from './highlight.ts';
import { geneKey, type SerializedSearchIndex } from '../contract/snapshot/search-index.ts';
import { LoadedIndex } from './loaded-index.ts';
import { explainText, explainWhole } from './search-match-why.ts';
import { normalize } from '../contract/text/normalize.ts';
import { planQuery, type QueryPlan } from './query-plan.ts';
import { MAX_ROWS, TIER, fieldKey, keyRank, scoreOf } from './rank-key.ts';
import { RowTable } from './row-table.ts';
import type { SearchHit, SearchParams, SearchResult } from './search-types.ts';
import { alignSlot, newAlignment } from './slot-align.ts';
import { topKeys } from './top-keys.ts';
import { runNow, type Work } from '../loading/slices.ts';

/** Offset and limit as non-negative integers (the route validates; this only keeps indexes sane). */
function page(params: SearchParams): { offset: number; limit: number } {
  return { offset: Math.max(0, Math.floor(params.offset) || 0), limit: Math.max(0, Math.floor(params.limit) || 0) };
}

/** The decoded index and the row table: what an engine is made of. */
function* enginePartsOf(serialized: SerializedSearchIndex, rows: ListingRow[]): Work<{ index: LoadedIndex; table: RowTable }> {
  if (rows.length > MAX_ROWS) throw new Error(`search supports at most ${MAX_ROWS} rows`);
  const index = yield* LoadedIndex.load(serialized, rows);
  const table = yield* RowTable.load(rows);
  return { index, table };
}

/**
 * Search over the listing rows: identifier, exact-text and gene-symbol tiers first, then every
 * other row ranked by how well its best name or synonym matches (collect-matches.ts); filters,
 * field sorts, facets, explanations and highlights. Synchronous, and not re-entrant: scratch
 * space is shared.
 */
export class SearchEngine {
  private readonly index: LoadedIndex;
  private readonly table: RowTable;
  private readonly collector: MatchCollector;
  /** Filtered rows of a query-less search, in sort order. */
  private readonly browsed: Int32Array;
  /** Sort keys of the matched rows (scratch). */
  private readonly keys: Float64Array;
  private readonly alignment = newAlignment();
  /** Row number by Mondo id, made on the first search by code. */
  #rowOf: Map<string, number> | null = null;

  /** The engine made at once (tools and tests; the server loads it with `load`). */
  constructor(
    serialized: SerializedSearchIndex,
    readonly rows: ListingRow[],
    /** [previous symbol, current symbol] pairs: searching or filtering by the old symbol finds the current one's diseases. */
    geneAliases: Iterable<readonly [string, string]> = [],
    parts = runNow(enginePartsOf(serialized, rows)),
  ) {
    this.index = parts.index;
    this.index.addGeneAliases(geneAliases);
    this.table = parts.table;
    this.collector = new MatchCollector(this.index, this.table);
    this.browsed = new Int32Array(rows.length);
    this.keys = new Float64Array(rows.length);
  }

  /** The engine made in slices (slices.ts). */
  static *load(
    serialized: SerializedSearchIndex,
    rows: ListingRow[],
    geneAliases: Iterable<readonly [string, string]> = [],
  ): Work<SearchEngine> {
    const parts = yield* enginePartsOf(serialized, rows);
    return new SearchEngine(serialized, rows, geneAliases, parts);
  }

  /** Run one search; see SearchParams. The result shares row objects with the engine. */
  search(params: SearchParams): SearchResult {
    const filter = this.rowFilter(params);
    if (params.q === undefined || params.q.trim() === '') return this.browse(params, filter);
    const plan = planQuery(params.q, this.index);
    const count = plan.tokens.length === 0 ? 0 : this.collector.collect(plan, filter);
    const { offset, limit } = page(params);
    const { matched, rowKey } = this.collector;
    const { rowByStaticRank } = this.table;
    const keys = this.keys;
    if (params.sort.field === 'relevance') {
      this.collector.refine(plan, count, offset + limit);
      for (let i = 0; i < count; i++) keys[i] = rowKey[matched[i]];
    } else {
      const rank = this.table.fieldRank(params.sort.field, params.sort.direction);
      for (let i = 0; i < count; i++) keys[i] = fieldKey(rank(matched[i]), rowKey[matched[i]]);
    }
    const top = topKeys(keys, count, offset + limit);
    const items: SearchHit[] = [];
    for (let i = offset; i < top.length; i++) items.push(this.hit(rowByStaticRank[keyRank(top[i])], plan, params.highlight));
    return { total: count, items, ...(params.facets ? { facets: countFacets(matched, count, this.table) } : {}) };
  }

  /**
   * Rows named by id (the diseases a code maps to), in the given order for relevance or the
   * sort's order otherwise, through the filters; each hit carries the match `matchOf` gives it.
   */
  named(ids: readonly string[], params: SearchParams, matchOf: (index: number) => SearchHit['match']): SearchResult {
    const filter = this.rowFilter(params);
    this.#rowOf ??= new Map(this.rows.map((row, r) => [row.id, r]));
    const picked: { r: number; i: number }[] = [];
    ids.forEach((id, i) => {
      const r = this.#rowOf!.get(id);
      if (r !== undefined && (filter === null || filter(r))) picked.push({ r, i });
    });
    if (params.sort.field !== 'relevance') {
      const rank = this.table.fieldRank(params.sort.field, params.sort.direction);
      picked.sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i);
    }
    const { offset, limit } = page(params);
    const items: SearchHit[] = picked.slice(offset, offset + limit).map(({ r, i }) => ({ row: this.rows[r], match: matchOf(i) }));
    const rows = Int32Array.from(picked, (p) => p.r);
    return { total: picked.length, items, ...(params.facets ? { facets: countFacets(rows, rows.length, this.table) } : {}) };
  }

  /**
   * The Mondo ids of the rows carrying a gene, by its symbol in any case and punctuation, or by a
   * previous symbol of it (the gene filter of every route asks here).
   */
  diseasesWithGene(symbol: string): string[] {
    const rows = this.index.genes.get(geneKey(normalize(symbol)));
    return rows ? Array.from(rows, (r) => this.rows[r].id) : [];
  }

  /** The request's filter over row numbers, or null. */
  private rowFilter(params: SearchParams): ((r: number) => boolean) | null {
    const keep = params.filter;
    if (keep === null) return null;
    const rows = this.rows;
    return (r) => keep(rows[r]);
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

  /** The hit for row r: what matched, why it ranks there and, on request, where. */
  private hit(r: number, plan: QueryPlan, wantHighlight: boolean): SearchHit {
    const row = this.rows[r];
    const { rowKey, rowSlot, rowTier } = this.collector;
    const score = scoreOf(rowKey[r]);
    const tier = rowTier[r];
    const s = rowSlot[r];
    if (s === GENE_SLOT || s === ID_SLOT) {
      const field = s === GENE_SLOT ? 'gene' : 'id';
      const text = s === ID_SLOT ? row.id : (row.genes.find((g) => geneKey(normalize(g)) === plan.gene) ?? plan.gene);
      return {
        row,
        match: { field, text, kind: 'exact', score, why: explainWhole(plan, tier, text) },
        ...(wantHighlight ? { highlight: highlightWhole(field, text) } : {}),
      };
    }
    const ordinal = this.index.slotOrdinal[s];
    const field = ordinal === 0 ? 'name' : 'synonym';
    const text = ordinal === 0 ? row.name : row.synonyms[ordinal - 1];
    alignSlot(plan, this.index, s, r, this.alignment);
    const { kind, why } = explainText(plan, this.index, s, text, tier, this.alignment);
    const hit: SearchHit = { row, match: { field, text, kind, score, why } };
    if (wantHighlight) hit.highlight = highlightText(field, text, plan, this.alignment, tier < TIER.gene);
    return hit;
  }
}
