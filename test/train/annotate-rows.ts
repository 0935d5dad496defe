import { createHash } from 'node:crypto';
import { CandidateIndex, conceptWordsOf } from '../../server/annotate/candidate-index.ts';
import { FOUND } from '../../server/annotate/candidates.ts';
import { conceptKey } from '../../server/contract/text/concept-words.ts';
import { readCandidates } from '../../server/annotate/recognise.ts';
import type { AnnotateSetup } from '../eval/annotate-setup.ts';
import type { CorpusName, TextDocument } from '../eval/hpo-text.ts';

/**
 * The re-ranker's training rows: every candidate of every development document with its features
 * and its label (its term is in the document's gold set: the corpora are scored per document).
 *
 * A feature must not know the document it describes: the mention strings of the training documents
 * are candidates and features, so a document's rows are made with the strings of the other folds
 * only (cross-fitting), as an unseen document's would be. `without` names the folds whose strings
 * are left out of the index.
 */

export const FOLDS = 5;

/** A document's fold: a hash of its corpus and id, so folds do not depend on file order. */
export function foldOf(corpus: string, id: string): number {
  return createHash('sha256').update(`${corpus}:${id}`).digest().readUInt32BE(0) % FOLDS;
}

export interface DocRows {
  corpus: CorpusName;
  doc: TextDocument;
  fold: number;
  /** Per candidate: its HPO id, whether it is negated, its features and label. */
  ids: string[];
  /** Per candidate, its words as written. */
  texts: string[];
  negated: Uint8Array;
  x: Float64Array[];
  y: Uint8Array;
}

export interface Folded {
  corpus: CorpusName;
  doc: TextDocument;
  fold: number;
}

/** Every document with its fold. */
export function foldedDocs(setup: AnnotateSetup): Folded[] {
  return setup.corpora.flatMap(({ name, docs }) => docs.map((doc) => ({ corpus: name, doc, fold: foldOf(name, doc.id) })));
}

/** What one document says for the figures of the training documents: its candidates' terms and its mention keys. */
interface DocInfo {
  /** Ids of its candidates' terms, and of those in its gold set or with a descendant there. */
  terms: Set<string>;
  gold: Set<string>;
  /** The canonical keys of the mention strings (of any document) whose words it holds in a row. */
  keys: Set<string>;
}

/** The training mentions of some documents: [text, id, documents that wrote it, documents that hold its words in a row]. */
function writtenMentions(setup: AnnotateSetup, docs: readonly Folded[]): [string, string, number, number][] {
  const count = new Map<string, [string, string, number, number]>();
  for (const { doc } of docs) {
    const seen = new Set<string>();
    for (const [text, id] of setup.mentions(doc)) {
      const key = `${text.toLowerCase()}\t${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const c = count.get(key);
      if (c) c[2]++;
      else count.set(key, [text.toLowerCase(), id, 1, 0]);
    }
  }
  return [...count.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
}

/**
 * Indexes by the folds left out, made once each, with the figures of the other folds' documents:
 * their mention strings (how many wrote each for its term, how many hold its words), and per term
 * how many had it as a candidate and how many of those in their gold set.
 */
export class IndexCache {
  readonly #made = new Map<string, CandidateIndex>();
  readonly #info = new Map<Folded, DocInfo>();

  constructor(
    private readonly setup: AnnotateSetup,
    private readonly docs: readonly Folded[],
    readonly equivalents: [string, string][],
  ) {
    const all = writtenMentions(setup, docs);
    const everything = new CandidateIndex(setup.lexicon, { equivalents, mentions: all, terms: [] });
    for (const d of docs) {
      const read = readCandidates(everything, d.doc.text);
      const gold = setup.gold.get(d.doc)!;
      const terms = new Set(read.found.map((c) => setup.lexicon.ids[c.term]));
      const keys = new Set(
        read.found
          .filter((c) => c.found & FOUND.TRAINED && c.found & FOUND.SPAN)
          .map((c) => everything.canonKey(c.tokens.map((k) => read.tokens[k].concept))),
      );
      // A term counts as annotated where the gold has it or a more specific term: corpora annotated
      // with an older HPO used a specific term where the release has a general one (Unilateral cleft
      // lip for "cleft lip", before HPO had Cleft lip).
      const goldTerms = [...gold].map((id) => setup.lexicon.termNumber(id)!);
      const annotated = [...terms].filter((id) => {
        const t = setup.lexicon.termNumber(id)!;
        return goldTerms.some((g) => everything.isAncestor(t, g));
      });
      this.#info.set(d, { terms, gold: new Set(annotated), keys });
    }
  }

  /** The file's figures (mentions and terms) from every document but those of the folds `without`. */
  figures(
    without: readonly number[],
    corpus?: string,
  ): { mentions: [string, string, number, number][]; terms: [string, number, number][] } {
    const docs = this.docs.filter((d) => !without.includes(d.fold) && d.corpus !== corpus);
    const mentions = writtenMentions(this.setup, docs);
    const canon = new Map(this.equivalents);
    const keyOf = (text: string) => conceptKey(conceptWordsOf(text).map((w) => canon.get(w) ?? w));
    const seen = new Map<string, number>();
    const terms = new Map<string, [string, number, number]>();
    for (const d of docs) {
      const info = this.#info.get(d)!;
      for (const k of info.keys) seen.set(k, (seen.get(k) ?? 0) + 1);
      for (const id of info.terms) {
        const t = terms.get(id) ?? terms.set(id, [id, 0, 0]).get(id)!;
        t[2]++;
        if (info.gold.has(id)) t[1]++;
      }
    }
    for (const m of mentions) m[3] = seen.get(keyOf(m[0])) ?? 0;
    return { mentions, terms: [...terms.values()].sort((a, b) => (a[0] < b[0] ? -1 : 1)) };
  }

  /** The index with the figures of every fold but `without` (and of every corpus but `corpus`). */
  get(without: readonly number[], corpus?: string): CandidateIndex {
    const key = `${[...new Set(without)].sort().join(',')} ${corpus ?? ''}`;
    let index = this.#made.get(key);
    if (!index) {
      index = new CandidateIndex(this.setup.lexicon, { equivalents: this.equivalents, ...this.figures(without, corpus) });
      this.#made.set(key, index);
    }
    return index;
  }
}

/** One document's rows, read with `index`. */
export function docRows(setup: AnnotateSetup, d: Folded, index: CandidateIndex): DocRows {
  const read = readCandidates(index, d.doc.text);
  const gold = setup.gold.get(d.doc)!;
  const ids = read.found.map((c) => setup.lexicon.ids[c.term]);
  return {
    ...d,
    ids,
    texts: read.found.map((c) => d.doc.text.slice(c.start, c.end)),
    negated: Uint8Array.from(read.context, (c) => (c.negated ? 1 : 0)),
    x: read.features,
    y: Uint8Array.from(ids, (id) => (gold.has(id) ? 1 : 0)),
  };
}
