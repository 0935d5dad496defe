import type { PrevalenceCategory, PrevalenceEntry } from './record-types.ts';

const TYPE_ORDER = ['Point prevalence', 'Prevalence at birth', 'Lifetime Prevalence', 'Annual incidence'];

/**
 * The record's prevalence category from its Orphanet entries: point prevalence first (then birth
 * prevalence, lifetime prevalence, annual incidence), worldwide before any region, and among
 * equals the most frequent class. 'unknown' when no entry has a usable class.
 */
export function pickPrevalenceCategory(
  entries: PrevalenceEntry[],
  categoryOf: (cls: string | null) => PrevalenceCategory,
): PrevalenceCategory {
  let best: { rank: number; cat: PrevalenceCategory } | null = null;
  const order: PrevalenceCategory[] = ['common', 'uncommon', 'rare', 'very-rare', 'ultra-rare'];
  for (const e of entries) {
    const cat = categoryOf(e.class);
    const t = TYPE_ORDER.indexOf(e.type);
    if (cat === 'unknown' || t < 0) continue;
    const rank = t * 10 + (e.geography === 'Worldwide' ? 0 : 5) + order.indexOf(cat) / 10;
    if (!best || rank < best.rank) best = { rank, cat };
  }
  return best?.cat ?? 'unknown';
}

/**
 * The headline estimate, among estimates with a usable class: a worldwide estimate before any
 * region's, then point prevalence, birth prevalence, lifetime prevalence, annual incidence, then
 * the most frequent class; null when none has a usable class.
 */
export function headlinePrevalence(
  entries: PrevalenceEntry[],
  categoryOf: (cls: string | null) => PrevalenceCategory,
): PrevalenceEntry | null {
  let best: { rank: number; e: PrevalenceEntry } | null = null;
  const order: PrevalenceCategory[] = ['common', 'uncommon', 'rare', 'very-rare', 'ultra-rare'];
  for (const e of entries) {
    const cat = categoryOf(e.class);
    const t = TYPE_ORDER.indexOf(e.type);
    if (cat === 'unknown' || t < 0) continue;
    const rank = (e.geography === 'Worldwide' ? 0 : 50) + t * 10 + order.indexOf(cat) / 10;
    if (!best || rank < best.rank) best = { rank, e };
  }
  return best?.e ?? null;
}
