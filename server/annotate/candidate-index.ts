import { conceptKey, conceptWord } from '../contract/text/concept-words.ts';
import { tokenize as words } from '../contract/text/normalize.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';
import type { ConceptLexicon } from './loaded-lexicon.ts';

/**
 * What the wider candidates (candidates.ts) look up, made once per lexicon and model: the
 * lexicon's keys again with every word replaced by its class of equivalents (so "absent thumb"
 * meets Aplasia of the thumb), the training documents' mention strings keyed the same way, the
 * keys of two words or more by their rarest word (to find a key's words anywhere in a clause), and
 * what the features read of the ontology (depth, ancestors, descendants).
 */

/** A text the candidates can name: a lexicon entry or a training mention. */
export interface Target {
  term: number;
  /** Lexicon entry number, or -1 for a training mention. */
  entry: number;
  /** Training documents that wrote the key for the term (0 for an entry). */
  trained: number;
  /** Training documents that hold the key's words in a row, written for the term or not. */
  seen: number;
}

/** What the index takes from the re-ranker's file: the equivalent words, the training mentions and the terms' training figures. */
export interface IndexSource {
  equivalents: readonly (readonly [string, string])[];
  /** [text, HPO id, documents that wrote it for the term, documents that hold its words in a row]. */
  mentions: readonly (readonly [string, string, number, number])[];
  /** [HPO id, documents where the term was a candidate and it or a more specific term in the gold set, documents where it was a candidate]. */
  terms: readonly (readonly [string, number, number])[];
}

export class CandidateIndex {
  readonly lexicon: ConceptLexicon;
  /** Concept word -> its class's representative (only words that have one). */
  readonly #canon = new Map<string, string>();
  /** Canonical key -> entries and training mentions. */
  readonly byCanonKey = new Map<string, Target[]>();
  /** Every canonical word of a key: a span runs over these only. */
  readonly canonWords = new Set<string>();
  /** Keys of two or more words by their rarest word: [key, its words]. */
  readonly byRarest = new Map<string, [string, string[]][]>();
  /** Per canonical word, how many keys hold it. */
  readonly keysWith = new Map<string, number>();
  readonly maxWords: number = 0;
  /** Per term: depth below the root, and how many terms are below it. */
  readonly depth: Int32Array;
  readonly below: Int32Array;
  /** Per term: training documents where it was a candidate, and where it was also in the gold set. */
  readonly termSeen: Float64Array;
  readonly termGold: Float64Array;
  readonly #ancestors: (Set<number> | undefined)[];

  /** The index made at once (tools and tests; the server makes it in slices with the lexicon: `load`). */
  constructor(lexicon: ConceptLexicon, source: IndexSource, build = true) {
    this.lexicon = lexicon;
    const n = lexicon.ids.length;
    [this.depth, this.below, this.termSeen, this.termGold] = [
      new Int32Array(n),
      new Int32Array(n),
      new Float64Array(n),
      new Float64Array(n),
    ];
    this.#ancestors = new Array(n);
    if (build) runNow(this.#build(source));
  }

  /** The index made in slices (server/loading/slices.ts). */
  static *load(lexicon: ConceptLexicon, source: IndexSource): Work<CandidateIndex> {
    const index = new CandidateIndex(lexicon, source, false);
    yield* index.#build(source);
    return index;
  }

  *#build(source: IndexSource): Work<void> {
    const lexicon = this.lexicon;
    for (const [word, rep] of source.equivalents) this.#canon.set(word, rep);
    for (let e = 0; e < lexicon.entryTerm.length; e++) {
      this.#add(this.canonKey(lexicon.entryKeyWords(e)), { term: lexicon.entryTerm[e], entry: e, trained: 0, seen: 0 });
      if ((e & PAUSE_EVERY) === 0) yield;
    }
    for (const [text, id, written, seen] of source.mentions) {
      const term = lexicon.termNumber(id);
      const words = conceptWordsOf(text);
      const key = this.canonKey(words);
      if (term !== undefined && key !== '' && !namesAnother(lexicon, conceptKey(words), term))
        this.#add(key, { term, entry: -1, trained: written, seen });
    }
    yield;
    for (const [id, gold, seen] of source.terms) {
      const term = lexicon.termNumber(id);
      if (term !== undefined) [this.termGold[term], this.termSeen[term]] = [gold, seen];
    }
    let k = 0;
    for (const key of this.byCanonKey.keys()) {
      const ws = key.split(' ');
      if (ws.length > this.maxWords) (this as { maxWords: number }).maxWords = ws.length;
      if ((++k & PAUSE_EVERY) === 0) yield;
      if (ws.length < 2) continue;
      let rarest = ws[0];
      for (const w of ws) if (this.keysWith.get(w)! < this.keysWith.get(rarest)!) rarest = w;
      (this.byRarest.get(rarest) ?? this.byRarest.set(rarest, []).get(rarest)!).push([key, ws]);
    }
    yield* shape(lexicon.parents, this.depth, this.below);
  }

  /** One target under a canonical key: one per term and key, an entry keeping its entry and counting the training documents. */
  #add(key: string, target: Target): void {
    const list = this.byCanonKey.get(key);
    if (list) {
      const same = list.find((t) => t.term === target.term && (t.entry === target.entry || target.entry < 0 || t.entry < 0));
      if (!same) list.push(target);
      else {
        if (same.entry < 0 && target.entry >= 0) same.entry = target.entry;
        same.trained += target.trained;
        same.seen = Math.max(same.seen, target.seen);
      }
      return;
    }
    this.byCanonKey.set(key, [target]);
    for (const w of key.split(' ')) {
      this.canonWords.add(w);
      this.keysWith.set(w, (this.keysWith.get(w) ?? 0) + 1);
    }
  }

  /** The representative of a concept word's class (the word itself when it has none). */
  canon(word: string): string {
    return this.#canon.get(word) ?? word;
  }

  /** The canonical key of some concept words. */
  canonKey(ws: readonly string[]): string {
    return conceptKey(ws.map((w) => this.canon(w)));
  }

  /** Whether `a` is an ancestor of `t` (or `t` itself). */
  isAncestor(a: number, t: number): boolean {
    let set = this.#ancestors[t];
    if (set === undefined) {
      set = new Set([t]);
      const stack = [t];
      while (stack.length > 0) for (const p of this.lexicon.parents[stack.pop()!]) if (!set.has(p)) set.add(p) && stack.push(p);
      this.#ancestors[t] = set;
    }
    return set.has(a);
  }
}

/**
 * Whether words are the label of another term and none of `term`'s texts: a training mention
 * older than the release ("cleft lip" annotated as Unilateral cleft lip before HPO had Cleft lip)
 * does not override the term the release names with those words.
 */
function namesAnother(lexicon: ConceptLexicon, key: string, term: number): boolean {
  const entries = lexicon.byKey.get(key) ?? [];
  return entries.some((e) => lexicon.entryKind[e] === 0) && !entries.some((e) => lexicon.entryTerm[e] === term);
}

/** The concept words of a text (as the build keys the lexicon's texts). */
export function conceptWordsOf(text: string): string[] {
  const ws = words(text);
  return ws.map((w, i) => conceptWord(w, i > 0 ? ws[i - 1] : undefined)).filter((w) => w !== '');
}

/** Per term, its depth (the longest path up to the root) and the number of terms below it, into `depth` and `below`. */
function* shape(parents: readonly (readonly number[])[], depth: Int32Array, below: Int32Array): Work<void> {
  depth.fill(-1);
  const depthOf = (t: number): number => {
    if (depth[t] >= 0) return depth[t];
    let d = 0;
    for (const p of parents[t]) d = Math.max(d, depthOf(p) + 1);
    depth[t] = d;
    return d;
  };
  const seen = new Int32Array(parents.length).fill(-1);
  const stack: number[] = [];
  for (let t = 0; t < parents.length; t++) {
    depthOf(t);
    // Every ancestor of t once: `seen` marks those reached from t.
    stack.push(...parents[t]);
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (seen[p] === t) continue;
      seen[p] = t;
      below[p]++;
      stack.push(...parents[p]);
    }
    if ((t & PAUSE_EVERY) === 0) yield;
  }
}
