import type { Classification } from './record-types.ts';
import type { ComputedValue } from './computed.ts';
import { count, joinAnd, listWithRest, LIST_LIMIT } from './prose/section-format.ts';
import { inForceDesignations, orphanProducts, type RecordFacts } from './record-facts.ts';

export interface ClassifyOptions {
  /** Date (YYYY-MM-DD) the FDA orphan-designation file was taken; "recent" is measured back from it, never from the clock. */
  referenceDate: string;
  /** How many years before the reference date a designation counts as recent; 5 by default. */
  recentYears?: number;
}

/** Points per evidence kind for researchActivity; a count at or above `high` scores 2, at or above `some` scores 1. */
export const RESEARCH_THRESHOLDS = {
  trials: { some: 1, high: 2 },
  genes: { some: 1, high: 3 },
  phenotypes: { some: 5, high: 25 },
  /** Total points (0-6) needed for each level. */
  levels: { high: 5, moderate: 3, low: 1 },
} as const;

/** The rules behind each signal, for the README and the OpenAPI description of `classification`. */
export const CLASSIFICATION_RULES: Record<keyof Classification, string> = {
  unmetNeedSignal:
    'low when at least one FDA orphan drug product linked to the disease has an approval in force (status approved); otherwise moderate when an orphan designation ' +
    'is in force without approval (status designated), or when the ClinicalTrials.gov sample has an active matching study; otherwise high when the disease is in the Mondo rare subset. ' +
    'A disease outside the rare subset with none of these is moderate: the orphan-drug data covers rare diseases only, so its absence says little. ' +
    'Withdrawn or revoked designations count for nothing here.',
  pipelineActivity:
    'active when the ClinicalTrials.gov sample has an active matching study, or an orphan designation in force (not withdrawn or revoked) is dated within 5 years ' +
    'before the date of the FDA file (the reference date, not the build date); some when there is any matching study or any designation in force; none otherwise. ' +
    'Withdrawn or revoked designations are not pipeline activity.',
  researchActivity:
    'unknown while the trial data are a sample (always, in this service: a 2.5% sample of ClinicalTrials.gov to 2021-09): a count from a sample cannot rank ' +
    'research activity, so no level is given and the reasons carry the counts. With complete trial data the rule would be: points from three counts: matching studies in the ClinicalTrials.gov sample (1 for 1, 2 for 2 or more; the trial data are a sample, not the registry), ' +
    'associated genes (1 for 1-2, 2 for 3 or more) and present phenotype annotations (1 for 5-24, 2 for 25 or more). ' +
    'high for 5-6 points, moderate for 3-4, low for 1-2, none for 0.',
};

function num(computed: Record<string, ComputedValue>, name: string): number {
  const v = computed[name];
  return typeof v === 'number' ? v : 0;
}

function unmetNeed(facts: RecordFacts, computed: Record<string, ComputedValue>): Classification['unmetNeedSignal'] {
  const approved = orphanProducts(facts).filter((p) => p.approved.length > 0);
  if (approved.length > 0) {
    const names = approved.map((p) => (p.tradeName ? `${p.genericName} (${p.tradeName})` : p.genericName));
    return {
      level: 'low',
      reasons: [
        `${count(approved.length, 'orphan drug product has', 'orphan drug products have')} an FDA marketing approval: ${names.length > LIST_LIMIT ? listWithRest(names, ', ') : joinAnd(names)}`,
      ],
    };
  }
  const designations = num(computed, 'designatedOrphanDrugCount');
  const withdrawn = num(computed, 'withdrawnOrphanDrugCount');
  const active = num(computed, 'activeTrialCount');
  const reasons = [
    designations > 0
      ? `${count(designations, 'orphan designation', 'orphan designations')} in force without a marketing approval`
      : 'no FDA orphan designation or approval in force',
  ];
  if (withdrawn > 0)
    reasons.push(`${count(withdrawn, 'withdrawn or revoked designation', 'withdrawn or revoked designations')} (not counted)`);
  reasons.push(
    active > 0
      ? `${count(active, 'active study', 'active studies')} in the ClinicalTrials.gov sample${asOf(facts)}`
      : 'no active study in the ClinicalTrials.gov sample',
  );
  if (designations > 0 || active > 0) return { level: 'moderate', reasons };
  if (facts.isRare) return { level: 'high', reasons: ['in the Mondo rare disease subset', ...reasons] };
  return { level: 'moderate', reasons: ['not in the Mondo rare disease subset', ...reasons] };
}

function pipeline(
  facts: RecordFacts,
  computed: Record<string, ComputedValue>,
  options: ClassifyOptions,
): Classification['pipelineActivity'] {
  const years = options.recentYears ?? 5;
  const ref = options.referenceDate;
  const cutoff = `${String(Number(ref.slice(0, 4)) - years).padStart(4, '0')}${ref.slice(4)}`;
  const inForce = inForceDesignations(facts);
  const withdrawn = facts.orphanDrugs.length - inForce.length;
  const dates = inForce
    .map((d) => d.dateDesignated)
    .filter((d): d is string => d !== null)
    .sort();
  const latest = dates.length > 0 ? dates[dates.length - 1] : null;
  const active = num(computed, 'activeTrialCount');
  const trials = num(computed, 'trialCount');
  const reasons: string[] = [];
  if (active > 0) reasons.push(`${count(active, 'active study', 'active studies')} in the ClinicalTrials.gov sample${asOf(facts)}`);
  if (latest !== null && latest >= cutoff && latest <= ref)
    reasons.push(`orphan designation in force dated ${latest}, within ${years} years before ${ref}`);
  if (reasons.length > 0) return { level: 'active', reasons };
  if (trials > 0) reasons.push(`${count(trials, 'study', 'studies')} in the ClinicalTrials.gov sample, none active`);
  if (latest !== null) reasons.push(`latest orphan designation in force dated ${latest}, more than ${years} years before ${ref}`);
  else if (inForce.length > 0)
    reasons.push(`${count(inForce.length, 'orphan designation', 'orphan designations')} in force without a date`);
  const notCounted =
    withdrawn > 0 ? [`${count(withdrawn, 'withdrawn or revoked designation', 'withdrawn or revoked designations')} (not counted)`] : [];
  if (reasons.length > 0) return { level: 'some', reasons: [...reasons, ...notCounted] };
  return { level: 'none', reasons: ['no study in the ClinicalTrials.gov sample', 'no FDA orphan designation in force', ...notCounted] };
}

function points(value: number, t: { some: number; high: number }): number {
  return value >= t.high ? 2 : value >= t.some ? 1 : 0;
}

/** "as of 2021-09-22": the dates the active statuses held (the sources' releases). */
function asOf(facts: RecordFacts): string {
  const dates = [...new Set(facts.trials.items.filter((t) => t.active).map((t) => t.statusAsOf))].sort();
  return dates.length > 0 ? ` (status as of ${dates.join(' and ')})` : '';
}

/** The research-activity level from complete counts (the rule of CLASSIFICATION_RULES.researchActivity once trial data are complete). */
export function researchFromCounts(computed: Record<string, ComputedValue>): Classification['researchActivity'] {
  const t = RESEARCH_THRESHOLDS;
  const parts = researchParts(computed);
  const total = parts.reduce((s, x) => s + x.p, 0);
  const level = total >= t.levels.high ? 'high' : total >= t.levels.moderate ? 'moderate' : total >= t.levels.low ? 'low' : 'none';
  return { level, reasons: parts.map((x) => `${count(x.n, x.what[0], x.what[1])} (${count(x.p, 'point', 'points')})`) };
}

function researchParts(computed: Record<string, ComputedValue>): { n: number; p: number; what: string[] }[] {
  const t = RESEARCH_THRESHOLDS;
  return [
    {
      n: num(computed, 'trialCount'),
      p: points(num(computed, 'trialCount'), t.trials),
      what: ['study in the ClinicalTrials.gov sample', 'studies in the ClinicalTrials.gov sample'],
    },
    { n: num(computed, 'geneCount'), p: points(num(computed, 'geneCount'), t.genes), what: ['associated gene', 'associated genes'] },
    {
      n: num(computed, 'phenotypeCount'),
      p: points(num(computed, 'phenotypeCount'), t.phenotypes),
      what: ['phenotype annotation', 'phenotype annotations'],
    },
  ];
}

/** Unknown while the trial data are a sample (they always are here): a sample's count does not rank. */
function research(facts: RecordFacts, computed: Record<string, ComputedValue>): Classification['researchActivity'] {
  if (!facts.trials.fromSample) return researchFromCounts(computed);
  return {
    level: 'unknown',
    reasons: [
      'trial data are a sample (2.5% of ClinicalTrials.gov, data to 2021-09), so study counts cannot rank research activity',
      ...researchParts(computed).map((x) => count(x.n, x.what[0], x.what[1])),
    ],
  };
}

/**
 * Quick signals from the facts and their computed fields, by the rules in CLASSIFICATION_RULES.
 * Pure: "recent" is measured from options.referenceDate.
 */
export function classify(facts: RecordFacts, computed: Record<string, ComputedValue>, options: ClassifyOptions): Classification {
  return {
    unmetNeedSignal: unmetNeed(facts, computed),
    pipelineActivity: pipeline(facts, computed, options),
    researchActivity: research(facts, computed),
  };
}
