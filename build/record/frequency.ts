import type { Frequency } from './record-types.ts';

/** HPO frequency bands (subclasses of HP:0040279), with their percent ranges. */
export const FREQUENCY_BANDS: { hpoId: string; label: string; range: [number, number] }[] = [
  { hpoId: 'HP:0040280', label: 'Obligate', range: [100, 100] },
  { hpoId: 'HP:0040281', label: 'Very frequent', range: [80, 99] },
  { hpoId: 'HP:0040282', label: 'Frequent', range: [30, 79] },
  { hpoId: 'HP:0040283', label: 'Occasional', range: [5, 29] },
  { hpoId: 'HP:0040284', label: 'Very rare', range: [1, 4] },
  { hpoId: 'HP:0040285', label: 'Excluded', range: [0, 0] },
];
const BY_ID = new Map(FREQUENCY_BANDS.map((b) => [b.hpoId, b]));
const ORPHANET_BANDS: Record<string, string> = {
  'Obligate (100%)': 'HP:0040280',
  'Very frequent (99-80%)': 'HP:0040281',
  'Frequent (79-30%)': 'HP:0040282',
  'Occasional (29-5%)': 'HP:0040283',
  'Very rare (<4-1%)': 'HP:0040284',
  'Excluded (0%)': 'HP:0040285',
};

/** The band whose range holds a percentage; bands meet at whole numbers, so round half up first. */
export function bandOfPercent(p: number): (typeof FREQUENCY_BANDS)[number] {
  if (p >= 100) return FREQUENCY_BANDS[0];
  if (p <= 0) return FREQUENCY_BANDS[5];
  const r = Math.max(1, Math.round(p));
  return FREQUENCY_BANDS.find((b) => r >= b.range[0] && r <= b.range[1]) ?? FREQUENCY_BANDS[1];
}

export type FrequencyResult = { frequency: Frequency } | { frequency: Frequency; warning: string };

/**
 * Normalize a raw frequency from HPO (band id, "n/m", "p%") or Orphanet (band text) into one
 * object. An impossible value (n > m, m = 0, p > 100) keeps its raw text with no band and
 * returns a QC warning rather than a guessed number.
 */
export function normalizeFrequency(raw: string): FrequencyResult {
  const band = BY_ID.get(raw) ?? BY_ID.get(ORPHANET_BANDS[raw] ?? '');
  if (band) {
    return {
      frequency: { hpoId: band.hpoId, label: band.label, numerator: null, denominator: null, percent: null, range: band.range, raw },
    };
  }
  const frac = /^(\d+)\/(\d+)$/.exec(raw);
  if (frac) {
    const n = Number(frac[1]);
    const m = Number(frac[2]);
    if (m === 0 || n > m) {
      return {
        frequency: { hpoId: null, label: null, numerator: n, denominator: m, percent: null, range: null, raw },
        warning: `inconsistent frequency ${raw}`,
      };
    }
    const percent = Math.round((n / m) * 1000) / 10;
    const b = bandOfPercent((n / m) * 100);
    return { frequency: { hpoId: b.hpoId, label: b.label, numerator: n, denominator: m, percent, range: b.range, raw } };
  }
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(raw);
  if (pct) {
    const p = Number(pct[1]);
    if (p > 100) {
      return {
        frequency: { hpoId: null, label: null, numerator: null, denominator: null, percent: null, range: null, raw },
        warning: `inconsistent frequency ${raw}`,
      };
    }
    const b = bandOfPercent(p);
    return { frequency: { hpoId: b.hpoId, label: b.label, numerator: null, denominator: null, percent: p, range: b.range, raw } };
  }
  return {
    frequency: { hpoId: null, label: null, numerator: null, denominator: null, percent: null, range: null, raw },
    warning: `unrecognized frequency ${raw}`,
  };
}
