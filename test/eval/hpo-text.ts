import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The HPO text corpora (../shared/data/eval/hpo-text/, README there) and their scoring protocol:
 * document level, micro-averaged over documents, ids mapped through the corpus's alternative-id
 * table, only terms under Phenotypic abnormality.
 */

export interface TextDocument {
  id: string;
  text: string;
  /** Gold ids as given. */
  gold: string[];
  /** Each annotation's text as written (null when the corpus gives none) and id as given. */
  spans: [string | null, string][];
}

export const CORPORA = { 'GSC+': 'gscplus-dev.jsonl.gz', JAX: 'jax.jsonl.gz', GeneReviews: 'genereviews.jsonl.gz' } as const;
export type CorpusName = keyof typeof CORPORA;

/** One corpus's documents. */
export function readTextCorpus(dir: string, name: CorpusName): TextDocument[] {
  const text = gunzipSync(readFileSync(join(dir, CORPORA[name]))).toString('utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const d = JSON.parse(l) as { id: string; text: string; annotations: { hpo: string; text: string | null }[] };
      return { id: String(d.id), text: d.text, gold: d.annotations.map((a) => a.hpo), spans: d.annotations.map((a) => [a.text, a.hpo]) };
    });
}

/** Counts of one or more documents. */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });
export const ZERO: Counts = { tp: 0, fp: 0, fn: 0 };

/** Precision, recall and F1 of micro-averaged counts. */
export function prf(c: Counts): { p: number; r: number; f1: number } {
  const p = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

/**
 * The protocol's id handling: an id goes through the corpus's alternative-id table (HPO
 * 2023-10-09), then through the served release's own replacements; it is scored when the served
 * release holds it under Phenotypic abnormality (`inScope`). Ids the served release does not know
 * at all are counted (`unknown`), not scored.
 */
export class Scorer {
  readonly #alt: Record<string, string>;
  unknown = 0;

  constructor(
    altFile: string,
    private readonly replaced: (id: string) => string | null,
    private readonly inScope: (id: string) => boolean,
    private readonly known: (id: string) => boolean,
  ) {
    this.#alt = JSON.parse(readFileSync(altFile, 'utf8'));
  }

  /** The scored set of a list of ids. */
  set(ids: Iterable<string>, countUnknown = false): Set<string> {
    const out = new Set<string>();
    for (const id of ids) {
      const mapped = this.replaced(this.#alt[id] ?? id) ?? this.#alt[id] ?? id;
      if (!this.known(mapped)) {
        if (countUnknown) this.unknown++;
        continue;
      }
      if (this.inScope(mapped)) out.add(mapped);
    }
    return out;
  }

  /** Counts of one document. */
  static counts(gold: Set<string>, predicted: Set<string>): Counts {
    let tp = 0;
    for (const id of predicted) if (gold.has(id)) tp++;
    return { tp, fp: predicted.size - tp, fn: gold.size - tp };
  }
}
