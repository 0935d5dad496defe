import {
  CONCEPT_LEXICON_VERSION,
  ENTRY_KINDS,
  type EntryKind,
  type SerializedConceptLexicon,
} from '../contract/snapshot/concept-lexicon.ts';
import { CONCEPT_WORDS_VERSION } from '../contract/text/concept-words.ts';

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
  /** Entry numbers per key. */
  readonly byKey: Map<string, number[]>;
  /** Every content word of a key. */
  readonly words: Set<string>;
  /** The most content words a key has. */
  readonly maxWords: number;
  /** Short form (case as written) -> term numbers. */
  readonly abbreviations: Map<string, number[]>;
  readonly #number: Map<string, number>;

  constructor(doc: SerializedConceptLexicon) {
    if (doc.version !== CONCEPT_LEXICON_VERSION || doc.conceptWords !== CONCEPT_WORDS_VERSION)
      throw new Error(
        `concept lexicon version ${doc.version} with word rules ${doc.conceptWords}; this server reads ${CONCEPT_LEXICON_VERSION} with ${CONCEPT_WORDS_VERSION}: build the snapshot again`,
      );
    this.ids = doc.terms;
    this.labels = doc.labels;
    this.branch = Int32Array.from(doc.branch);
    this.hpoRelease = doc.hpoRelease;
    this.entryTerm = Int32Array.from(doc.entries.term);
    this.entryKind = Uint8Array.from(doc.entries.kind);
    this.entryText = doc.entries.text;
    this.byKey = new Map();
    this.words = new Set();
    let maxWords = 0;
    doc.entries.key.forEach((key, e) => {
      const list = this.byKey.get(key);
      if (list) list.push(e);
      else {
        this.byKey.set(key, [e]);
        const words = key.split(' ');
        for (const w of words) this.words.add(w);
        if (words.length > maxWords) maxWords = words.length;
      }
    });
    this.maxWords = maxWords;
    this.abbreviations = new Map(doc.abbreviations);
    this.#number = new Map(doc.terms.map((id, i) => [id, i]));
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
