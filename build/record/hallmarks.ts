import type { HpoTerm } from '../ingest/source-types.ts';
import type { Hallmark } from './consolidated-types.ts';
import { normalizeFrequency } from './frequency.ts';
import { MIN_POOLED_DENOMINATOR } from './frequency-pool.ts';
import type { Phenotype } from './record-types.ts';
import type { TermSpecificity } from './term-specificity.ts';

export type { Hallmark };

/**
 * The hallmark features of a disease (HALLMARK_RULE): what identifies it, not only what is
 * frequent. Every part of the score is local to the disease or to the HPO release, so another
 * disease's annotations never change this disease's hallmarks. The parts of each feature
 * (`featurePartsOf`) hold no constant; the constants weigh them (`rankHallmarks`), so that
 * test/check/hallmark-cv.ts cross-validates the very rule the build runs.
 */

/** The constants and the form of HALLMARK_RULE. */
export interface HallmarkConstants {
  /** Frequency counted for a feature whose sources give no usable one. */
  noFrequency: number;
  /** Weight of a feature the disease's own definition names. */
  definitionWeight: number;
  /** Weight of a feature both curations annotate. */
  agreementWeight: number;
  /** Specificity (SPECIFICITY_RULE) is counted raised to this power. */
  specificityPower: number;
  /** The frequency counted: the consolidated one, or the mean of each curation's own. */
  frequencyAcrossCurations: 'mean' | 'consolidated';
}

/**
 * Chosen by leave-one-out cross-validation over 61 diseases with textbook hallmarks, in 59 of the 61
 * folds (test/check/hallmark-cv.ts; figures in test/build/results/2026-11-27-clinical-content.md).
 */
export const HALLMARK_CONSTANTS: HallmarkConstants = {
  noFrequency: 0.7,
  definitionWeight: 0.5,
  agreementWeight: 0.5,
  specificityPower: 1,
  frequencyAcrossCurations: 'mean',
};

/** How many hallmarks are chosen (a laboratory finding may be added after them). */
export const HALLMARK_COUNT = 5;
/**
 * Laboratory findings: terms below "Abnormality of metabolism/homeostasis" or "Abnormality of the
 * coagulation cascade" (factor activities, clotting times), but not below "Abnormality of fluid
 * regulation" (edema is seen, not measured) or "Abnormality of temperature regulation" (fever).
 */
export const LABORATORY_ROOT = 'HP:0001939';
const COAGULATION_CASCADE = 'HP:0003256';
const NOT_LABORATORY = ['HP:0011032', 'HP:0004370'];
/** A laboratory finding counted at least this frequent (a frequency given) is diagnostic on its frequency alone. */
const DIAGNOSTIC_MIN_FREQUENCY = 0.8;
/** Most diagnostic laboratory findings the overview names. */
export const DIAGNOSTIC_COUNT = 2;
/** A laboratory finding added after the hallmarks must be counted at least this frequent (frequent or more, or not given). */
const LABORATORY_MIN_FREQUENCY = 0.3;
/** Ancestors less specific than this are too general to count as named in a definition ("abnormality of the eye"). */
const DEFINITION_MIN_SPECIFICITY = 0.4;

const C = HALLMARK_CONSTANTS;
export const HALLMARK_RULE =
  `Each present feature is scored score = specificity${C.specificityPower === 1 ? '' : `^${C.specificityPower}`} x (frequency + ${C.definitionWeight} x namedInDefinition + ` +
  `${C.agreementWeight} x sourcesAgree) / ${1 + C.definitionWeight + C.agreementWeight}, in [0, 1]. ` +
  "frequency: the mean of the two curations' own frequencies where both give one (each curation's: its rows' point values or band middles " +
  `averaged, a count of fewer than ${MIN_POOLED_DENOMINATOR} patients left out), else the consolidated frequency, as a fraction; ` +
  `${C.noFrequency} when no usable frequency is given. ` +
  'specificity: the intrinsic information content of the HPO term (SPECIFICITY_RULE, from the HPO release alone). ' +
  "namedInDefinition: 1 when the record's definition names the term, one of its HPO synonyms, or a not too general term above it. " +
  'sourcesAgree: 1 when both the OMIM-based HPO curation and Orphanet annotate the term. ' +
  `The ${HALLMARK_COUNT} best scores are the hallmarks (ties by HPO id); a term above a chosen one is skipped and a term below a chosen one takes its place ` +
  `(the more specific wins). When none of them is a laboratory finding (below "Abnormality of metabolism/homeostasis", ${LABORATORY_ROOT}, ` +
  `or "Abnormality of the coagulation cascade", ${COAGULATION_CASCADE}; not below "Abnormality of fluid regulation" or "Abnormality of ` +
  `temperature regulation"), the best-scoring laboratory finding counted at least ${LABORATORY_MIN_FREQUENCY} frequent is added. ` +
  'The constants and the form were chosen by leave-one-out cross-validation over diseases with textbook hallmarks.';

/** Lower case, no diacritics or punctuation, plural endings of long words dropped: the form definitions and labels are compared in. */
export function comparable(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/(?:es|s)$/, '') : w));
  return ` ${words.join(' ')} `;
}

type Curation = 'M' | 'O';
/** The OMIM-based HPO curation ("M") or Orphanet ("O": the packets or HPO's ORPHA rows) behind a source row. */
const curationOf = (s: Phenotype['sources'][number]): Curation => (s.source === 'orphanet' || s.diseaseId.startsWith('ORPHA:') ? 'O' : 'M');

/** A frequency as a fraction: the point value, else the middle of its band; null when it gives neither. */
function fraction(f: { percent: number | null; range: [number, number] | null } | null): number | null {
  if (!f) return null;
  if (f.percent !== null) return f.percent / 100;
  return f.range ? (f.range[0] + f.range[1]) / 200 : null;
}

/**
 * Each curation's own frequency of a feature (its rows' usable values averaged; a count of fewer than
 * MIN_POOLED_DENOMINATOR patients is not one, as in FREQUENCY_RULE); a curation that gives none is left out.
 */
function curationFrequencies(p: Phenotype): number[] {
  const by = new Map<Curation, number[]>();
  for (const s of p.sources) {
    if (s.frequencyRaw === null) continue;
    const read = normalizeFrequency(s.frequencyRaw);
    const small = read.frequency.denominator !== null && read.frequency.denominator < MIN_POOLED_DENOMINATOR;
    const v = 'warning' in read || small ? null : fraction(read.frequency);
    if (v !== null) (by.get(curationOf(s)) ?? by.set(curationOf(s), []).get(curationOf(s))!).push(v);
  }
  return [...by.values()].map((vs) => vs.reduce((a, b) => a + b, 0) / vs.length);
}

/** What HALLMARK_RULE weighs for one present feature: no constant enters these. */
export interface FeatureParts {
  hpoId: string;
  label: string;
  /** The consolidated frequency as a fraction; null when no usable one is given. */
  frequency: number | null;
  /** Each curation's own frequency (fractions). */
  curationFrequencies: number[];
  specificity: number;
  namedInDefinition: boolean;
  sourcesAgree: boolean;
  laboratory: boolean;
}

/** The parts of every present feature of a disease, over one HPO release. */
export function featurePartsOf(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const phrases = new Map<string, string[]>();
  const phrasesOf = (id: string): string[] => {
    let hit = phrases.get(id);
    if (!hit) {
      const t = terms.get(id);
      hit = t ? [t.label, ...t.synonyms].map(comparable).filter((p) => p.length > 5) : [];
      phrases.set(id, hit);
    }
    return hit;
  };
  const named = (id: string, definition: string): boolean => {
    if (definition === '') return false;
    for (const x of [id, ...specificity.ancestors(id)]) {
      if ((specificity.of(x) ?? 0) < DEFINITION_MIN_SPECIFICITY) continue;
      if (phrasesOf(x).some((p) => definition.includes(p))) return true;
    }
    return false;
  };
  const isLab = (id: string) => {
    const above = specificity.ancestors(id);
    return (above.has(LABORATORY_ROOT) || above.has(COAGULATION_CASCADE)) && !NOT_LABORATORY.some((x) => above.has(x));
  };

  return function parts(phenotypes: readonly Phenotype[], definitionText: string | null): FeatureParts[] {
    const definition = definitionText ? comparable(definitionText) : '';
    const present = phenotypes.filter((p) => !p.negated);
    return present.map((p) => {
      const given = p.frequencyBasis === 'count' || p.frequencyBasis === 'percent' || p.frequencyBasis === 'band';
      return {
        hpoId: p.hpoId,
        label: p.label,
        frequency: given ? fraction(p.frequency) : null,
        curationFrequencies: given ? curationFrequencies(p) : [],
        specificity: specificity.of(p.hpoId) ?? 0,
        namedInDefinition: named(p.hpoId, definition),
        sourcesAgree: new Set(p.sources.map(curationOf)).size > 1,
        laboratory: isLab(p.hpoId),
      };
    });
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The frequency HALLMARK_RULE counts for a feature; null when none is given. */
function countedFrequency(f: FeatureParts, c: HallmarkConstants): number | null {
  if (f.frequency === null) return null;
  if (c.frequencyAcrossCurations === 'consolidated' || f.curationFrequencies.length < 2) return f.frequency;
  return f.curationFrequencies.reduce((a, b) => a + b, 0) / f.curationFrequencies.length;
}

/** The score of every feature by HALLMARK_RULE, best first (ties by HPO id). */
export function scoreFeatures(features: readonly FeatureParts[], c: HallmarkConstants = HALLMARK_CONSTANTS): Hallmark[] {
  const total = 1 + c.definitionWeight + c.agreementWeight;
  const scored = features.map((f): Hallmark => {
    const counted = countedFrequency(f, c);
    const value = counted ?? c.noFrequency;
    const spec = f.specificity;
    const weights = c.definitionWeight * Number(f.namedInDefinition) + c.agreementWeight * Number(f.sourcesAgree);
    return {
      hpoId: f.hpoId,
      label: f.label,
      score: round((spec ** c.specificityPower * (value + weights)) / total),
      parts: {
        frequency: round(value),
        frequencyGiven: counted !== null,
        specificity: round(spec),
        namedInDefinition: f.namedInDefinition,
        sourcesAgree: f.sourcesAgree,
      },
      laboratory: f.laboratory,
    };
  });
  return scored.sort((a, b) => b.score - a.score || (a.hpoId < b.hpoId ? -1 : a.hpoId > b.hpoId ? 1 : 0));
}

/** The hallmarks by HALLMARK_RULE from a disease's feature parts. */
export function rankHallmarks(
  features: readonly FeatureParts[],
  specificity: TermSpecificity,
  c: HallmarkConstants = HALLMARK_CONSTANTS,
): Hallmark[] {
  const scored = scoreFeatures(features, c);
  const chosen = pick(scored, HALLMARK_COUNT, specificity);
  if (!chosen.some((h) => h.laboratory)) {
    const lab = scored.find(
      (h) =>
        h.laboratory &&
        h.parts.frequency >= LABORATORY_MIN_FREQUENCY &&
        !chosen.some((c) => specificity.ancestors(c.hpoId).has(h.hpoId) || c === h),
    );
    if (lab) chosen.push(lab);
  }
  return chosen;
}

/** A hallmark selector over one HPO release: `select(phenotypes, definition)` applies HALLMARK_RULE. */
export function hallmarkSelector(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const parts = featurePartsOf(terms, specificity);
  return (phenotypes: readonly Phenotype[], definitionText: string | null): Hallmark[] =>
    rankHallmarks(parts(phenotypes, definitionText), specificity);
}

/** The first `count` of `scored` (best first) with no term above another: a more specific term takes its ancestor's place. */
function pick(scored: readonly Hallmark[], count: number, specificity: TermSpecificity): Hallmark[] {
  const chosen: Hallmark[] = [];
  for (const h of scored) {
    if (chosen.length >= count) break;
    if (chosen.some((c) => specificity.ancestors(c.hpoId).has(h.hpoId))) continue;
    const i = chosen.findIndex((c) => specificity.ancestors(h.hpoId).has(c.hpoId));
    if (i >= 0) chosen[i] = h;
    else chosen.push(h);
  }
  return chosen;
}

export const DIAGNOSTIC_RULE =
  'The overview names as diagnostic laboratory findings at most ' +
  `${DIAGNOSTIC_COUNT} of the laboratory hallmarks: those the definition names or both curations annotate (counted at least ` +
  `${LABORATORY_MIN_FREQUENCY} frequent, or named in the definition), best score first; when there is none, those counted at least ` +
  `${DIAGNOSTIC_MIN_FREQUENCY} frequent by a given frequency. A laboratory hallmark that meets neither (a finding one curation gives ` +
  'without a frequency, or as only frequent) is not called diagnostic, and the sentence is left out when none qualifies.';

/** The diagnostic laboratory findings among a record's hallmarks, by DIAGNOSTIC_RULE (best score first). */
export function diagnosticFindings(hallmarks: readonly Hallmark[]): Hallmark[] {
  const labs = hallmarks.filter((h) => h.laboratory);
  const given = (h: Hallmark, min: number) => h.parts.frequencyGiven && h.parts.frequency >= min;
  const attested = labs.filter((h) => h.parts.namedInDefinition || (h.parts.sourcesAgree && given(h, LABORATORY_MIN_FREQUENCY)));
  const chosen = attested.length > 0 ? attested : labs.filter((h) => given(h, DIAGNOSTIC_MIN_FREQUENCY));
  return [...chosen].sort((a, b) => b.score - a.score).slice(0, DIAGNOSTIC_COUNT);
}
