import type { HpoTerm } from '../ingest/source-types.ts';
import type { Hallmark } from './consolidated-types.ts';
import { COAGULATION_CASCADE, type FeatureParts, LABORATORY_ROOT, featurePartsOf } from './hallmark-parts.ts';
import { MIN_POOLED_DENOMINATOR } from './frequency-pool.ts';
import type { Phenotype } from './record-types.ts';
import type { TermSpecificity } from './term-specificity.ts';

export type { Hallmark, FeatureParts };
export { comparable, featurePartsOf, LABORATORY_ROOT } from './hallmark-parts.ts';

/**
 * The hallmark features of a disease (HALLMARK_RULE): what identifies it, not only what is
 * frequent. Every part of the score is local to the disease or to the HPO release, so another
 * disease's annotations never change this disease's hallmarks. The parts of each feature
 * (`featurePartsOf`, hallmark-parts.ts) hold no constant; the constants weigh them (`rankHallmarks`),
 * so that test/check/hallmark-cv.ts cross-validates the very rule the build runs.
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
  /** How a definition names a feature: word for word, or the words of a name within one sentence in any order. */
  definitionMatch: 'phrase' | 'words';
  /** A term is skipped when every organ system it lies in already has this many hallmarks; HALLMARK_COUNT is no limit. */
  systemLimit: number;
  /** A term below a chosen one takes its place always, or only when counted at most MORE_SPECIFIC_MARGIN less frequent. */
  moreSpecific: 'always' | 'nearly-as-frequent' | 'frequent-ancestor';
}

/**
 * Chosen by leave-one-out cross-validation over 61 diseases with textbook hallmarks, in 58 of the 61 folds
 * (test/check/hallmark-cv.ts; figures in test/build/results/2026-12-06-trustworthy-records.md).
 */
export const HALLMARK_CONSTANTS: HallmarkConstants = {
  noFrequency: 0.7,
  definitionWeight: 0.5,
  agreementWeight: 0.5,
  specificityPower: 1,
  frequencyAcrossCurations: 'mean',
  definitionMatch: 'phrase',
  systemLimit: 3,
  moreSpecific: 'nearly-as-frequent',
};

/** A more specific term counted more than this (a fraction) less frequent than the chosen one above it does not take its place. */
export const MORE_SPECIFIC_MARGIN = 0.15;
/** How many hallmarks are chosen (a laboratory finding may be added after them). */
export const HALLMARK_COUNT = 5;
/** A laboratory finding counted at least this frequent (a frequency given) is diagnostic on its frequency alone. */
const DIAGNOSTIC_MIN_FREQUENCY = 0.8;
/** Most diagnostic laboratory findings the overview names. */
export const DIAGNOSTIC_COUNT = 2;
/** A laboratory finding added after the hallmarks must be counted at least this frequent (frequent or more, or not given). */
const LABORATORY_MIN_FREQUENCY = 0.3;

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
  "A feature whose HPO label or synonym is the disease's label, or the label with at most two more words unless the label names a " +
  'syndrome, is the disease itself and never a hallmark ("Chronic lymphatic leukemia" under B-cell chronic lymphocytic leukemia). ' +
  `The ${HALLMARK_COUNT} best scores are the hallmarks (ties by HPO id), spread over organ systems (the terms right below "Phenotypic ` +
  `abnormality"): a term is skipped when every system it lies in already has ${C.systemLimit} of them; a term above a chosen one is ` +
  `skipped, and a term below a chosen one ` +
  `takes its place${C.moreSpecific === 'always' ? '' : ` unless it is counted more than ${MORE_SPECIFIC_MARGIN * 100} percentage points less frequent (then it is skipped: Alport syndrome keeps "Hematuria", very frequent, over "Microscopic hematuria", occasional)`}. ` +
  `When none of them is a laboratory finding (below "Abnormality of metabolism/homeostasis", ${LABORATORY_ROOT}, ` +
  `or "Abnormality of the coagulation cascade", ${COAGULATION_CASCADE}; not below "Abnormality of fluid regulation" or "Abnormality of ` +
  `temperature regulation"), the best-scoring laboratory finding counted at least ${LABORATORY_MIN_FREQUENCY} frequent is added. ` +
  'The constants and the form were chosen by leave-one-out cross-validation over diseases with textbook hallmarks.';

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
    const named = c.definitionMatch === 'words' ? f.namedInDefinitionWords : f.namedInDefinition;
    const weights = c.definitionWeight * Number(named) + c.agreementWeight * Number(f.sourcesAgree);
    return {
      hpoId: f.hpoId,
      label: f.label,
      score: round((spec ** c.specificityPower * (value + weights)) / total),
      parts: {
        frequency: round(value),
        frequencyGiven: counted !== null,
        specificity: round(spec),
        namedInDefinition: named,
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
  // A feature that is the disease itself ("Chronic lymphatic leukemia" under chronic lymphocytic leukemia) says nothing new.
  const own = features.filter((f) => !f.namesDisease);
  const scored = scoreFeatures(own, c);
  const systems = new Map(own.map((f) => [f.hpoId, f.systems]));
  const chosen = pick(scored, specificity, c, (id) => systems.get(id) ?? []);
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

/** A hallmark selector over one HPO release: `select(phenotypes, definition, names)` applies HALLMARK_RULE. */
export function hallmarkSelector(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const parts = featurePartsOf(terms, specificity);
  return (phenotypes: readonly Phenotype[], definitionText: string | null, diseaseNames: readonly string[] = []): Hallmark[] =>
    rankHallmarks(parts(phenotypes, definitionText, diseaseNames), specificity);
}

/**
 * The first HALLMARK_COUNT of `scored` (best first) with no term above another, none whose every organ system has `systemLimit`:
 * a more specific term takes its ancestor's place (by `moreSpecific`: always, or when counted at most MORE_SPECIFIC_MARGIN less
 * frequent; else it is skipped).
 */
function pick(
  scored: readonly Hallmark[],
  specificity: TermSpecificity,
  c: HallmarkConstants,
  systemsOf: (id: string) => readonly string[],
): Hallmark[] {
  const chosen: Hallmark[] = [];
  const full = (h: Hallmark, without?: Hallmark) =>
    systemsOf(h.hpoId).length > 0 &&
    systemsOf(h.hpoId).every((s) => chosen.filter((x) => x !== without && systemsOf(x.hpoId).includes(s)).length >= c.systemLimit);
  // 'frequent-ancestor': a term is skipped while a present term above it is counted much more frequent (it stands for it).
  const rarer = (h: Hallmark) =>
    c.moreSpecific === 'frequent-ancestor' &&
    scored.some(
      (a) => a !== h && a.parts.frequency - h.parts.frequency > MORE_SPECIFIC_MARGIN && specificity.ancestors(h.hpoId).has(a.hpoId),
    );
  for (const h of scored) {
    if (chosen.length >= HALLMARK_COUNT) break;
    if (chosen.some((x) => specificity.ancestors(x.hpoId).has(h.hpoId)) || rarer(h)) continue;
    const i = chosen.findIndex((x) => specificity.ancestors(h.hpoId).has(x.hpoId));
    if (i >= 0) {
      if (c.moreSpecific === 'always' || h.parts.frequency >= chosen[i].parts.frequency - MORE_SPECIFIC_MARGIN) chosen[i] = h;
    } else if (!full(h)) chosen.push(h);
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
