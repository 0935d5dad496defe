import { FREQUENCY_BANDS, bandOfPercent } from './frequency.ts';
import type { Frequency, FrequencyBasis, Phenotype } from './record-types.ts';

/** A pooled count whose denominator is below this is too small to outrank a curated band. */
export const MIN_POOLED_DENOMINATOR = 5;

export const FREQUENCY_RULE =
  `Every source row's frequency is kept under \`sources\`; \`frequency\` is the consolidated one and \`frequencyBasis\` says which rule gave it. ` +
  `count: the n/m counts of all rows pooled (sum of n over sum of m) when the pooled denominator is at least ${MIN_POOLED_DENOMINATOR}; ` +
  'percent: else a percentage a source gives; band: else a frequency band (HPO or Orphanet), the band most rows give, ties to Orphanet; ' +
  `small-count: else the pooled count of fewer than ${MIN_POOLED_DENOMINATOR} patients, with no band (one or two patients place a feature in no band); ` +
  'unusable: only impossible values (n > m, over 100%), kept as raw text; none: no frequency. A curated band therefore wins over a count of fewer than ' +
  `${MIN_POOLED_DENOMINATOR} patients. Order of present phenotypes: count, percent and band first by their value (point percentage, else band midpoint), ` +
  "then small counts by value, then those without frequency; ties: first the feature more of this record's source entries report (each disease of the HPO " +
  'annotations and each Orphanet disorder joined to the record counts once), then HPO id. Never by label, and never by a figure computed over other diseases. ' +
  'Phenotypes annotated as absent come last.';

/** One source row's normalized frequency. */
export interface RowFrequency {
  source: 'hpo' | 'orphanet';
  frequency: Frequency;
  usable: boolean;
}

/** Consolidate a phenotype's row frequencies by FREQUENCY_RULE. */
export function poolFrequency(rows: RowFrequency[]): { frequency: Frequency | null; basis: FrequencyBasis } {
  if (rows.length === 0) return { frequency: null, basis: 'none' };
  const usable = rows.filter((r) => r.usable);
  const counts = usable.filter((r) => r.frequency.numerator !== null && r.frequency.denominator !== null);
  const n = counts.reduce((s, r) => s + (r.frequency.numerator ?? 0), 0);
  const m = counts.reduce((s, r) => s + (r.frequency.denominator ?? 0), 0);
  const pooled = (withBand: boolean): Frequency => {
    const percent = Math.round((n / m) * 1000) / 10;
    const b = withBand ? bandOfPercent((n / m) * 100) : null;
    const raw = counts.length === 1 ? counts[0].frequency.raw : counts.map((r) => r.frequency.raw).join(' + ');
    return { hpoId: b?.hpoId ?? null, label: b?.label ?? null, numerator: n, denominator: m, percent, range: b?.range ?? null, raw };
  };
  if (m >= MIN_POOLED_DENOMINATOR) return { frequency: pooled(true), basis: 'count' };
  const pct = usable.find((r) => r.frequency.numerator === null && r.frequency.percent !== null);
  if (pct) return { frequency: pct.frequency, basis: 'percent' };
  const bands = usable.filter((r) => r.frequency.percent === null && r.frequency.hpoId !== null);
  if (bands.length > 0) {
    const votes = new Map<string, { n: number; orphanet: boolean; f: Frequency }>();
    for (const r of bands) {
      const v = votes.get(r.frequency.hpoId!) ?? { n: 0, orphanet: false, f: r.frequency };
      v.n++;
      if (r.source === 'orphanet') v.orphanet = true;
      votes.set(r.frequency.hpoId!, v);
    }
    const best = [...votes.values()].sort(
      (a, b) =>
        b.n - a.n ||
        Number(b.orphanet) - Number(a.orphanet) ||
        FREQUENCY_BANDS.findIndex((x) => x.hpoId === a.f.hpoId) - FREQUENCY_BANDS.findIndex((x) => x.hpoId === b.f.hpoId),
    )[0];
    return { frequency: best.f, basis: 'band' };
  }
  if (m > 0) return { frequency: pooled(false), basis: 'small-count' };
  return { frequency: rows[0].frequency, basis: 'unusable' };
}

/** Sort tier of a phenotype: 0 count/percent/band, 1 small count, 2 none; absent (negated) 3. */
function tier(p: Phenotype): number {
  if (p.negated) return 3;
  if (p.frequencyBasis === 'count' || p.frequencyBasis === 'percent' || p.frequencyBasis === 'band') return 0;
  return p.frequencyBasis === 'small-count' ? 1 : 2;
}

/** The comparable value of a frequency: point percentage, else band midpoint; -1 when none. */
export function frequencyValue(f: Frequency | null): number {
  if (!f) return -1;
  if (f.percent !== null) return f.percent;
  return f.range ? (f.range[0] + f.range[1]) / 2 : -1;
}

/** Distinct source entries (HPO disease id or Orphanet disorder) that report a phenotype: this record's rows only. */
function reportedBy(p: Phenotype): number {
  return new Set(p.sources.map((s) => `${s.source} ${s.diseaseId}`)).size;
}

/**
 * The phenotype order of FREQUENCY_RULE. Ties look at this record's own rows only: an order taken
 * from the corpus (how many other diseases carry a term) would rewrite every record that shares a
 * term whenever one disease's annotations change.
 */
export function comparePhenotypes(a: Phenotype, b: Phenotype): number {
  return (
    tier(a) - tier(b) ||
    frequencyValue(b.frequency) - frequencyValue(a.frequency) ||
    reportedBy(b) - reportedBy(a) ||
    (a.hpoId < b.hpoId ? -1 : a.hpoId > b.hpoId ? 1 : 0)
  );
}
