import { HPO_ID_PATTERN } from '../api/base.ts';

/**
 * The phenotype index as the build writes it (dist/snapshots/<id>/phenotype-index.json) and the
 * server reads it back for phenotype matching (/diseases/match) and HPO lookup: the HPO terms of
 * the release the build read with their closure, information content and id history, and per
 * disease its phenotype annotations with frequencies. Terms are referred to by number (their
 * position in `terms`), so the file holds each id once.
 */

export const PHENOTYPE_INDEX_VERSION = 1;

/** A frequency value the source gives no figure for. */
export const NO_FREQUENCY = -1;

export interface SerializedPhenotypeIndex {
  version: typeof PHENOTYPE_INDEX_VERSION;
  /** The HPO release the terms come from (its `data-version` date), as the build read it. */
  hpoRelease: string | null;
  /** Current (not obsolete) HPO class ids, ascending; a term's number is its position. */
  terms: string[];
  /** Label per term number. */
  labels: string[];
  /** Synonym texts per term number (exact, related, broad and narrow scopes). */
  synonyms: string[][];
  /** is_a parents per term number, as term numbers. */
  parents: number[][];
  /** Per term number: every ancestor over is_a, the term itself included, as ascending term numbers. */
  ancestors: number[][];
  /**
   * Information content per term number: -ln(share of the annotated diseases that carry the term or
   * a descendant), over the HPO annotation file and Orphanet phenotypes; null when no disease
   * carries it. A figure over the whole corpus: the index carries it, the records do not.
   */
  ic: (number | null)[];
  /**
   * Ids that are not current terms but stand for one: an alternative id merged into a term, or an
   * obsolete term with a single replacement.
   */
  replaced: Record<string, { id: string; kind: 'alternative' | 'obsolete' }>;
  /** Obsolete ids without a single replacement: known, but they stand for no current term. */
  obsolete: string[];
  /** Frequency texts shared by annotations (`17/20`, `Very frequent`), referred to by position. */
  frequencyTexts: string[];
  /** Per disease with at least one phenotype annotation (Mondo id order). */
  diseases: DiseasePhenotypes[];
  /**
   * Sibling families: per served disease with 2 to SIBLING_FAMILY_MAX children in `diseases`, those
   * children (positions in `diseases`, ascending); absent in an index written before families.
   */
  families?: number[][];
}

/** One disease's phenotype annotations: parallel arrays, one position per present phenotype. */
export interface DiseasePhenotypes {
  id: string;
  /** Term numbers of the phenotypes the disease has (not negated). */
  terms: number[];
  /**
   * Consolidated frequency in percent (point percentage, else the band's midpoint), NO_FREQUENCY
   * when the sources give none.
   */
  percent: number[];
  /** Position in `frequencyTexts` of the consolidated frequency's text, -1 when none. */
  text: number[];
  /** Term numbers the sources annotate as absent in the disease (negated, or Orphanet "Excluded"). */
  absent: number[];
  /**
   * The disease's groups: served diseases with phenotype annotations that hold it in Mondo's is_a
   * hierarchy, at most GROUP_LEVELS levels up, as positions in `diseases`, nearest first (absent in
   * an index written before groups: none).
   */
  groups?: number[];
  /** Per group, how many levels up it is (1: a parent, 2: a grandparent). */
  groupLevels?: number[];
}

/**
 * How far up Mondo's hierarchy a disease's groups are looked for. Orphanet annotates many diseases
 * at the level of a group (with frequencies) while OMIM annotates its subtypes, often with short
 * lists; two levels reach the group from a subtype and from a subtype of a subtype.
 */
export const GROUP_LEVELS = 2;

/**
 * The most children with phenotypes a class may have for them to count as one family of subtypes
 * (the 16 postsynaptic congenital myasthenic syndromes, the 21 Bardet-Biedl syndromes). A class
 * with more is mostly a category whose members share little (osteochondrodysplasia: 35), though a
 * long series is cut too (retinitis pigmentosa: 89); limits from 10 to 60 gave the same ranking
 * figures on the evaluation split.
 */
export const SIBLING_FAMILY_MAX = 30;

/** The form of a term id (`HP:` and seven digits). */
export const HPO_ID = new RegExp(HPO_ID_PATTERN);
