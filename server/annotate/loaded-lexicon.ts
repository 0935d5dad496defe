import {
  CONCEPT_LEXICON_VERSION,
  ENTRY_KINDS,
  type EntryKind,
  type SerializedConceptLexicon,
} from '../contract/snapshot/concept-lexicon.ts';
import { CONCEPT_WORDS_VERSION } from '../contract/text/concept-words.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';

/**
 * The concept lexicon in memory (format: server/contract/snapshot/concept-lexicon.ts): entries by
 * key, the words any key holds (a word outside them ends a span at once), and the short forms.
 * Made once per snapshot, when the server starts or swaps.
 */
export class ConceptLexicon {
  readonly ids: readonly string[];
  readonly labels: readonly string[];
  readonly branch: Int32Array;
  readonly hpoRelease: string | null;
  readonly entryTerm: Int32Array;
  readonly entryKind: Uint8Array;
  readonly entryText: readonly string[];
  /** Per entry, its key. */
  readonly entryKey: readonly string[];
  /** Per term, its parents' numbers (the root: none). */
  readonly parents: readonly (readonly number[])[];
  /** Entry numbers per key. */
  readonly byKey: Map<string, number[]>;
  /** Every content word of a key. */
  readonly words: Set<string>;
  /** The most content words a key has. */
  readonly maxWords: number = 0;
  /** Short form (case as written) -> term numbers. */
  readonly abbreviations: Map<string, number[]>;
  readonly #number: Map<string, number>;

  constructor(doc: SerializedConceptLexicon, build = true) {
    if (doc.version !== CONCEPT_LEXICON_VERSION || doc.conceptWords !== CONCEPT_WORDS_VERSION)
      throw new Error(
        `concept lexicon version ${doc.version} with word rules ${doc.conceptWords}; this server reads ${CONCEPT_LEXICON_VERSION} with ${CONCEPT_WORDS_VERSION}: build the snapshot again`,
      );
    this.ids = doc.terms;
    this.labels = doc.labels;
    this.hpoRelease = doc.hpoRelease;
    this.entryText = doc.entries.text;
    this.entryKey = doc.entries.key;
    this.parents = doc.parents;
    this.byKey = new Map();
    this.words = new Set();
    this.abbreviations = new Map(doc.abbreviations);
    this.#number = new Map(doc.terms.map((id, i) => [id, i]));
    this.branch = Int32Array.from(doc.branch);
    this.entryTerm = Int32Array.from(doc.entries.term);
    this.entryKind = Uint8Array.from(doc.entries.kind);
    if (build) runNow(this.#index(doc));
  }

  /** The lexicon made in slices (server/loading/slices.ts), as a snapshot loads. */
  static *load(doc: SerializedConceptLexicon): Work<ConceptLexicon> {
    const lexicon = new ConceptLexicon(doc, false);
    yield* lexicon.#index(doc);
    return lexicon;
  }

  /** Entries by key and the words of the keys, with a pause point every thousand or so keys. */
  *#index(doc: SerializedConceptLexicon): Work<void> {
    let maxWords = 0;
    const keys = doc.entries.key;
    for (let e = 0; e < keys.length; e++) {
      const key = keys[e];
      const list = this.byKey.get(key);
      if (list) list.push(e);
      else {
        this.byKey.set(key, [e]);
        const words = key.split(' ');
        for (const w of words) this.words.add(w);
        if (words.length > maxWords) maxWords = words.length;
      }
      if ((e & PAUSE_EVERY) === 0) yield;
    }
    (this as { maxWords: number }).maxWords = maxWords;
  }

  /** The words of an entry's key. */
  entryKeyWords(entry: number): string[] {
    return this.entryKey[entry].split(' ');
  }

  /** The kind of an entry. */
  kind(entry: number): EntryKind {
    return ENTRY_KINDS[this.entryKind[entry]];
  }

  /** The term number of an HPO id, or undefined when the lexicon does not hold it. */
  termNumber(id: string): number | undefined {
    return this.#number.get(id);
  }
}
