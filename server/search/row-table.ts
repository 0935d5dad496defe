import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../contract/api/vocab.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { normalize } from '../contract/text/normalize.ts';
import type { SortField } from './search-types.ts';
import { PAUSE_EVERY, runNow, sortSliced, type Work } from '../loading/slices.ts';

/** The table's arrays as its loader sets them (once, before anything reads them). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type FieldSort = Exclude<SortField, 'relevance'>;

/** Dense 0-based ranks of few-valued `values` (equal values, equal rank): only the distinct values are sorted. */
function denseRanks(values: (string | number)[]): { ranks: Int32Array; max: number } {
  const distinct = [...new Set(values)];
  if (typeof distinct[0] === 'number') (distinct as number[]).sort((a, b) => a - b);
  else distinct.sort(); // code unit order: independent of the server's locale
  const rankOf = new Map(distinct.map((v, i) => [v, i]));
  return { ranks: Int32Array.from(values, (v) => rankOf.get(v)!), max: Math.max(0, distinct.length - 1) };
}

/**
 * Ranks of distinct strings in code unit order. Each key carries its row number after a \u0001
 * (which sorts before any text) so the built-in sort needs no comparator callback: several times
 * faster at start-up than a comparator over 25,000 rows. Sorted in slices (sortSliced).
 */
function* uniqueRanks(keys: string[]): Work<{ ranks: Int32Array; max: number }> {
  const sorted = yield* sortSliced(keys.map((k, r) => `${k}\u0001${r}`));
  const ranks = new Int32Array(keys.length);
  sorted.forEach((k, rank) => {
    ranks[Number(k.slice(k.lastIndexOf('\u0001') + 1))] = rank;
  });
  return { ranks, max: Math.max(0, keys.length - 1) };
}

/** Rows ordered by `key` (ascending), where key[r] = major * n + unique minor rank, minor -> row. */
function orderBy(key: Float64Array, rowOfMinor: Int32Array): Int32Array {
  const n = rowOfMinor.length;
  return Int32Array.from(key.slice().sort(), (k) => rowOfMinor[k % n]);
}

/**
 * Per-row numbers the engine filters, counts and sorts by, computed once: vocabulary bit masks,
 * the relevance tie-break rank, and a rank per sort field.
 */
export class RowTable {
  readonly inheritance!: Int32Array;
  readonly onset!: Int32Array;
  readonly prevalence!: Int8Array;
  /** Relevance tie-break: rare first, then higher qualityScore, then id. */
  readonly staticRank!: Int32Array;
  readonly rowByStaticRank!: Int32Array;
  private readonly ranks = new Map<FieldSort, { ranks: Int32Array; max: number }>();
  /** Rows in label order (internal). */
  readonly rowByLabel!: Int32Array;
  private readonly orders = new Map<string, Int32Array>();

  /** The table made at once (tools and tests; the server loads it with `load`). */
  constructor(
    readonly rows: ListingRow[],
    build = true,
  ) {
    if (build) runNow(this.#build());
  }

  /** The table made in slices (slices.ts). */
  static *load(rows: ListingRow[]): Work<RowTable> {
    const table = new RowTable(rows, false);
    yield* table.#build();
    return table;
  }

  *#build(): Work<void> {
    const self = this as Mutable<RowTable>;
    const rows = this.rows;
    const n = rows.length;
    self.inheritance = new Int32Array(n);
    self.onset = new Int32Array(n);
    self.prevalence = new Int8Array(n);
    const labelKeys: string[] = [];
    for (let r = 0; r < n; r++) {
      const row = rows[r];
      for (const t of row.inheritance) this.inheritance[r] |= bit(INHERITANCE_TERMS, t);
      for (const t of row.onset) this.onset[r] |= bit(ONSET_CATEGORIES, t);
      this.prevalence[r] = PREVALENCE_CATEGORIES.indexOf(row.prevalenceCategory);
      const name = normalize(row.name);
      // \u0001 sorts before any text, so a name sorts before longer names it is a prefix of.
      labelKeys.push(`${name}\u0001${row.name}\u0001${row.id}`);
      if ((r & PAUSE_EVERY) === 0) yield;
    }
    this.ranks.set('label', yield* uniqueRanks(labelKeys));
    yield;
    this.ranks.set('activeTrialCount', denseRanks(rows.map((r) => r.activeTrialCount)));
    this.ranks.set('pagCount', denseRanks(rows.map((r) => r.pagCount)));
    this.ranks.set('updatedAt', denseRanks(rows.map((r) => r.updatedAt)));
    yield;
    self.rowByLabel = new Int32Array(n);
    this.ranks.get('label')!.ranks.forEach((rank, r) => {
      this.rowByLabel[rank] = r;
    });

    const ids = (yield* uniqueRanks(rows.map((r) => r.id))).ranks;
    yield;
    const rowById = new Int32Array(n);
    ids.forEach((rank, r) => {
      rowById[rank] = r;
    });
    const quality = denseRanks(rows.map((r) => r.qualityScore));
    const key = Float64Array.from(rows, (row, r) => ((row.isRare ? 0 : quality.max + 1) + quality.max - quality.ranks[r]) * n + ids[r]);
    yield;
    self.rowByStaticRank = orderBy(key, rowById);
    self.staticRank = new Int32Array(n);
    this.rowByStaticRank.forEach((r, rank) => {
      this.staticRank[r] = rank;
    });
  }

  /** Rank of row `r` for a field sort, turned so that ascending rank is the requested direction. */
  fieldRank(field: FieldSort, direction: 'asc' | 'desc'): (r: number) => number {
    const { ranks, max } = this.ranks.get(field)!;
    return direction === 'asc' ? (r) => ranks[r] : (r) => max - ranks[r];
  }

  /** All rows in the order of a sort when nothing ranks by relevance: the field, then label. */
  order(field: SortField, direction: 'asc' | 'desc'): Int32Array {
    const name = field === 'relevance' ? field : `${field}:${direction}`;
    let order = this.orders.get(name);
    if (!order) {
      const n = this.rows.length;
      const label = this.ranks.get('label')!.ranks;
      const rank = field === 'relevance' ? () => 0 : this.fieldRank(field, direction);
      order = orderBy(
        Float64Array.from(label, (l, r) => rank(r) * n + l),
        this.rowByLabel,
      );
      this.orders.set(name, order);
    }
    return order;
  }
}

function bit<T>(vocabulary: readonly T[], value: T): number {
  const i = vocabulary.indexOf(value);
  return i < 0 ? 0 : 1 << i;
}
