import type { OnsetCategory, Phenotype, PrevalenceEntry } from '../record-types.ts';
import { ONSET_ORDER } from '../record-facts.ts';
import { normalizeFrequency } from '../frequency.ts';
import { MIN_POOLED_DENOMINATOR } from '../frequency-pool.ts';
import { formatPercent } from './section-format.ts';

/**
 * The words of the clinical summary for values a clinician reads in words: onset ("usually presents
 * in infancy"), how common a disease is ("about 1 to 5 in 10 000 people"), a feature's frequency.
 * Every number in them is the source's own, as written there (fact-check.ts holds them to it).
 */

const ONSET_PHRASE: Record<Exclude<OnsetCategory, 'unknown' | 'all-ages'>, string> = {
  antenatal: 'before birth',
  neonatal: 'in the newborn period',
  infancy: 'in infancy',
  childhood: 'in childhood',
  adolescent: 'in adolescence',
  adult: 'in adulthood',
  elderly: 'late in adult life',
};
/** The same ages as nouns, for a range ("from infancy to adulthood"). */
const ONSET_NOUN: Record<keyof typeof ONSET_PHRASE, string> = {
  antenatal: 'before birth',
  neonatal: 'the newborn period',
  infancy: 'infancy',
  childhood: 'childhood',
  adolescent: 'adolescence',
  adult: 'adulthood',
  elderly: 'late adult life',
};

/**
 * Onset as a clinician says it: one age ("It usually presents in infancy"), two ("in infancy or in
 * childhood"), three or more as a range ("Onset ranges from infancy to adulthood"); "at any age"
 * when the sources give only all ages. Null when no onset is recorded.
 */
export function onsetPhrase(terms: readonly OnsetCategory[]): string | null {
  const ages = ONSET_ORDER.filter((t) => terms.includes(t)) as (keyof typeof ONSET_PHRASE)[];
  if (ages.length === 0) return terms.includes('all-ages') ? 'It can present at any age' : null;
  if (ages.length === 1) return `It usually presents ${ONSET_PHRASE[ages[0]]}`;
  if (ages.length === 2) return `It usually presents ${ONSET_PHRASE[ages[0]]} or ${ONSET_PHRASE[ages[1]]}`;
  return `Onset ranges from ${ONSET_NOUN[ages[0]]} to ${ONSET_NOUN[ages[ages.length - 1]]}`;
}

/** Who an Orphanet estimate counts: people, births, new cases a year. */
const POPULATION: Record<string, string> = {
  'Point prevalence': 'people',
  'Prevalence at birth': 'births',
  'Lifetime Prevalence': 'people over a lifetime',
  'Annual incidence': 'people each year (new cases)',
};

/**
 * An Orphanet class in words with its own numbers: "1-5 / 10 000" -> "about 1 to 5 in 10 000 people",
 * "<1 / 1 000 000" -> "fewer than 1 in 1 000 000 people", ">1 / 1000" -> "more than 1 in 1000 people";
 * null for a class that states no figure ("Unknown", "Not yet documented").
 */
export function prevalenceWords(e: PrevalenceEntry): string | null {
  const who = POPULATION[e.type] ?? 'people';
  const m = /^\s*([<>])?\s*(\d+)(?:\s*-\s*(\d+))?\s*\/\s*([\d ]+?)\s*$/.exec(e.class ?? '');
  if (!m) return null;
  const [, sign, low, high, per] = m;
  const amount = sign === '<' ? `fewer than ${low}` : sign === '>' ? `more than ${low}` : high ? `about ${low} to ${high}` : `about ${low}`;
  return `${amount} in ${per} ${who}`;
}

/** A hallmark's frequency in short words: "very frequent", "87%", "frequency not given". */
export function shortFrequency(p: Phenotype | undefined): string {
  const f = p?.frequency;
  if (!p || !f || p.frequencyBasis === 'unusable' || p.frequencyBasis === 'none') return 'frequency not given';
  if (p.frequencyBasis === 'small-count') return `${f.numerator} of ${f.denominator} reported`;
  if (p.frequencyBasis === 'band') return f.label ? f.label.toLowerCase() : 'frequency not given';
  return f.percent !== null ? `${formatPercent(f.percent)}%` : 'frequency not given';
}

/** One curation's own reading of a feature's frequency: its band and the words it is written in. */
interface CurationReading {
  /** The percent range it states: a point value as [p, p], a band as its range. */
  range: [number, number];
  words: string;
}

/**
 * Each curation's own reading of a feature's frequency (FREQUENCY_AGREEMENT_RULE): the OMIM-based HPO
 * annotation ("HPO"; its first usable row, a count of fewer than MIN_POOLED_DENOMINATOR patients
 * left out) and Orphanet (its own row, else HPO's row for the ORPHA disease).
 */
function curationReadings(p: Phenotype): { hpo: CurationReading | null; orphanet: CurationReading | null } {
  const read = (rows: Phenotype['sources']): CurationReading | null => {
    for (const r of rows) {
      if (r.frequencyRaw === null) continue;
      const n = normalizeFrequency(r.frequencyRaw);
      const f = n.frequency;
      if ('warning' in n || !f.label || (f.denominator !== null && f.denominator < MIN_POOLED_DENOMINATOR)) continue;
      const words =
        f.denominator !== null ? `${f.numerator}/${f.denominator}` : f.percent !== null ? r.frequencyRaw : f.label.toLowerCase();
      const range: [number, number] | null = f.percent !== null ? [f.percent, f.percent] : f.range;
      if (!range) continue;
      return { range, words };
    }
    return null;
  };
  const orpha = (r: Phenotype['sources'][number]) => r.source === 'orphanet' || r.diseaseId.startsWith('ORPHA:');
  return {
    hpo: read(p.sources.filter((r) => !orpha(r))),
    orphanet: read([...p.sources.filter((r) => r.source === 'orphanet'), ...p.sources.filter((r) => r.source !== 'orphanet' && orpha(r))]),
  };
}

/** Percentage points between two curations' readings that count as disagreement (a value at a band's edge does not). */
export const DISAGREEMENT_POINTS = 15;

export const FREQUENCY_AGREEMENT_RULE =
  "The overview gives a hallmark's frequency as each curation states it when the OMIM-based HPO annotation and Orphanet disagree: " +
  `their readings (a point value, or a band's range) lie more than ${DISAGREEMENT_POINTS} percentage points apart ("11/27 by HPO, very ` +
  `frequent by Orphanet"; a count of fewer than ${MIN_POOLED_DENOMINATOR} patients is not a reading); the consolidated frequency otherwise.`;

/** Percentage points between two ranges; 0 when they overlap. */
const gap = (a: [number, number], b: [number, number]) => Math.max(0, a[0] - b[1], b[0] - a[1]);

/** A hallmark's frequency in the overview: per curation where they disagree (FREQUENCY_AGREEMENT_RULE), else shortFrequency. */
export function hallmarkFrequency(p: Phenotype | undefined): string {
  if (!p) return shortFrequency(p);
  const { hpo, orphanet } = curationReadings(p);
  if (!hpo || !orphanet || gap(hpo.range, orphanet.range) <= DISAGREEMENT_POINTS) return shortFrequency(p);
  return `${hpo.words} by HPO, ${orphanet.words} by Orphanet`;
}

/** Wording in a definition that says the disease shows no phenotype: the overview then presents no features. */
export const NO_PHENOTYPE =
  /\b(?:(?:does not|do not|doesn't) have any|has no|have no|without(?: any)?|lacks?(?: any)?|no)\s+(?:apparent\s+|obvious\s+|clinical\s+)?(?:phenotypic expression|phenotypic effect|phenotype|clinical (?:signs|symptoms|manifestations|consequences))\b/i;
