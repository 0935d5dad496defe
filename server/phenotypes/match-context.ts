import type { MatchModelParams, MatchQuery } from './match-model.ts';
import { ownMatches } from './match-score.ts';
import { mentionedTerms } from './match-unmentioned.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

const pool = { owner: 0, contexts: 0, arrays: [] as Float64Array[] };

/**
 * What explaining several diseases of one query shares: the terms the query mentions, how a
 * relative is named, and per observed term every disease's own best match, made on first use.
 * Relatives of the diseases on one page overlap (siblings of each other), so reading a relative's
 * match from one array per term costs less than walking its annotations once per disease.
 */
export class MatchContext {
  readonly mentioned: Uint8Array;
  readonly nameOf: (id: string) => string;
  readonly #model: PhenotypeModel;
  readonly #p: MatchModelParams;
  readonly #own = new Map<number, Float64Array>();
  /** A number, not the context itself, marks the pool's owner: the pool keeps no model alive. */
  readonly #id = ++pool.contexts;

  constructor(model: PhenotypeModel, query: MatchQuery, p: MatchModelParams, nameOf: (id: string) => string = (id) => id) {
    this.#model = model;
    this.#p = p;
    this.mentioned = mentionedTerms(model, query);
    this.nameOf = nameOf;
  }

  /** Every disease's own best match of observed term q (ownMatches()), valid until another context asks. */
  ownMatches(q: number): Float64Array {
    // The arrays are shared by every context (80 KB each, up to one per query term: allocated per
    // request they made garbage collection the slowest part of a match); a context that finds them
    // taken by another starts over.
    if (pool.owner !== this.#id) {
      pool.owner = this.#id;
      this.#own.clear();
    }
    let own = this.#own.get(q);
    if (own) return own;
    const n = this.#model.diseaseCount;
    if (pool.arrays.length <= this.#own.size || pool.arrays[this.#own.size].length !== n) pool.arrays[this.#own.size] = new Float64Array(n);
    own = ownMatches(this.#model, q, this.#p, pool.arrays[this.#own.size]);
    this.#own.set(q, own);
    return own;
  }
}
