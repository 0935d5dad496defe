/**
 * The concept lexicon as the build writes it (dist/snapshots/<id>/concept-lexicon.json.gz) and the
 * server reads it back at start to recognise HPO terms in free text (/phenotypes/annotate,
 * /diseases/match?text=): every label and synonym of the terms under "Phenotypic abnormality" in
 * the HPO release the build read, each already reduced to its key, so the server only hashes the
 * words of a text. Terms are referred to by number (their position in `terms`).
 *
 * A key is the sorted concept forms of a text's content words (conceptKey() of conceptWord() in
 * server/contract/text/concept-words.ts), so word order, inflection, spelling and the adjective or
 * noun form do not matter: "Hypoplasia of the radius", "radial hypoplasia" and "hypoplastic radii"
 * have one key. `conceptWords` records the version of those rules the keys were made with; a server
 * whose rules differ refuses the lexicon rather than miss every term.
 *
 * Left out of the lexicon: terms outside Phenotypic abnormality (modes of inheritance, onset,
 * frequency and clinical modifiers: "Frequent", "Severe" and "Progressive" are ordinary words of a
 * description, not findings), obsolete terms, and texts without a content word.
 */

export const CONCEPT_LEXICON_VERSION = 2;

/** The root whose descendants the lexicon holds: Phenotypic abnormality. */
export const CONCEPT_ROOT = 'HP:0000118';

/**
 * Where an entry's text comes from, in the order a match prefers: the label, an exact synonym
 * (American, British and plural forms included), a layperson's synonym ("big head"), then the
 * related, broad and narrow synonyms, which are not the term's meaning exactly.
 */
export const ENTRY_KINDS = ['label', 'exact', 'layperson', 'related', 'broad', 'narrow'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface SerializedConceptLexicon {
  version: typeof CONCEPT_LEXICON_VERSION;
  /** CONCEPT_WORDS_VERSION of the rules the keys were made with. */
  conceptWords: number;
  /** The HPO release the texts come from (its `data-version` date). */
  hpoRelease: string | null;
  /** Current HPO ids under CONCEPT_ROOT (the root included), ascending; a term's number is its position. */
  terms: string[];
  /** Label per term number. */
  labels: string[];
  /** Per term number, the position in `branches` of the organ system it is under (the root: -1). */
  branch: number[];
  /**
   * The children of CONCEPT_ROOT ("Abnormality of the nervous system"...): what an abbreviation's
   * context is compared on. A term under several counts under the first, in id order.
   */
  branches: string[];
  /**
   * Per term number, its is_a parents' numbers within the lexicon (the root: none): what the
   * recogniser's re-ranker reads of the ontology (a term's depth, whether a mention nested in
   * another names an ancestor of its term).
   */
  parents: number[][];
  /** One entry per distinct (key, term): parallel arrays. */
  entries: {
    key: string[];
    term: number[];
    /** Position in ENTRY_KINDS of the entry's best source (a label beats a synonym with the same key). */
    kind: number[];
    /** The label or synonym text, as HPO writes it. */
    text: string[];
  };
  /**
   * Short forms: synonyms HPO marks as abbreviations, and single-word upper-case synonyms of at
   * most ABBREVIATION_MAX_LENGTH characters. Matched case-sensitively, and only where the text
   * supports one meaning (server/annotate/abbreviations.ts): [short form, term numbers].
   */
  abbreviations: [string, number[]][];
}

/** The longest synonym without an abbreviation mark that counts as a short form when written in capitals. */
export const ABBREVIATION_MAX_LENGTH = 6;
