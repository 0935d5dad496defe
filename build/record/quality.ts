import type { Section, SectionKey } from './record-types.ts';
import type { RecordFacts } from './record-facts.ts';

/** Points per completeness component; they sum to 100. */
export const QUALITY_WEIGHTS = {
  definition: 20,
  phenotypes: 20,
  genes: 10,
  inheritance: 10,
  onset: 5,
  prevalence: 10,
  xrefs: 10,
  synonyms: 5,
  evidence: 5,
  sections: 5,
} as const;

/** Present phenotypes and xref systems at which their components are full. */
const PHENOTYPES_FULL = 10;
const XREF_SYSTEMS_FULL = 5;
const SECTION_COUNT = 8;

/** The formula in words, for the README and the OpenAPI description of metadata.qualityScore. */
export const QUALITY_FORMULA =
  'qualityScore = round(sum of components), 0-100; each component is reported in qualityBreakdown (one decimal). ' +
  'definition 20 if the record has definition text (any source). ' +
  'phenotypes 20 x (0.5 x min(present phenotypes, 10) / 10 + 0.5 x share of present phenotypes that carry a frequency). ' +
  'genes 10 if at least one associated gene. inheritance 10 if at least one mode other than unknown or not applicable. ' +
  'onset 5 if at least one onset category other than unknown. prevalence 10 if at least one Orphanet prevalence estimate. ' +
  'xrefs 10 x min(cross-reference systems, 5) / 5. synonyms 5 if at least one synonym. ' +
  'evidence 5 if the disease is on the RUSP, has an FDA orphan designation or a matching study in the ClinicalTrials.gov sample. ' +
  'sections 5 x share of the 8 sections composed by their template from the facts and checked against them (a sentence the fact check refutes stops the build). ' +
  'Completeness only: a missing value lowers the score whether the source lacks it or the disease has none (for example genes of a non-genetic disease).';

const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * Completeness score of a record, 0-100 (integer), with its per-component breakdown, by
 * QUALITY_FORMULA, from its facts and its checked sections (finalizeSections).
 */
export function qualityScore(
  facts: RecordFacts,
  sections: Readonly<Record<SectionKey, Section>>,
): { score: number; breakdown: Record<string, number> } {
  const w = QUALITY_WEIGHTS;
  const present = facts.phenotypes.filter((p) => !p.negated);
  const withFrequency = present.filter((p) => p.frequency !== null).length;
  const phenotypeShare =
    present.length === 0 ? 0 : 0.5 * (Math.min(present.length, PHENOTYPES_FULL) / PHENOTYPES_FULL) + 0.5 * (withFrequency / present.length);
  const systems = Object.values(facts.xrefs).filter((e) => e.length > 0).length;
  const evidence = facts.screening.screened || facts.orphanDrugs.length > 0 || facts.trials.total > 0;
  const raw: Record<keyof typeof QUALITY_WEIGHTS, number> = {
    definition: facts.definition ? w.definition : 0,
    phenotypes: w.phenotypes * phenotypeShare,
    genes: facts.genes.length > 0 ? w.genes : 0,
    inheritance: facts.inheritance.some((v) => v.term !== 'unknown' && v.term !== 'not-applicable') ? w.inheritance : 0,
    onset: facts.onset.some((o) => o.term !== 'unknown') ? w.onset : 0,
    prevalence: facts.prevalence.length > 0 ? w.prevalence : 0,
    xrefs: w.xrefs * (Math.min(systems, XREF_SYSTEMS_FULL) / XREF_SYSTEMS_FULL),
    synonyms: facts.synonyms.length > 0 ? w.synonyms : 0,
    evidence: evidence ? w.evidence : 0,
    sections: w.sections * (Object.values(sections).filter((s) => s.generation === 'template').length / SECTION_COUNT),
  };
  const breakdown: Record<string, number> = {};
  let total = 0;
  for (const [k, v] of Object.entries(raw)) {
    breakdown[k] = round1(v);
    total += v;
  }
  // toFixed first so float noise (84.4999999) cannot flip the rounding of an exact half.
  return { score: Math.round(Number(total.toFixed(6))), breakdown };
}
