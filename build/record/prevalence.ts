import type { PrevalenceCategory, PrevalenceEntry } from './record-types.ts';

const TYPE_ORDER = ['Point prevalence', 'Prevalence at birth', 'Lifetime Prevalence', 'Annual incidence'];
const CLASS_ORDER: PrevalenceCategory[] = ['common', 'uncommon', 'rare', 'very-rare', 'ultra-rare'];
/** Orphanet's geography of a figure measured in one population group (a founder population, an ethnic group): never a headline. */
const SPECIFIC_POPULATION = 'Specific population';
/** Orphanet geographies wider than one country. */
const REGIONS = new Set([
  'Europe',
  'North America',
  'Latin America',
  'Africa',
  'South East Asia',
  'Eastern Mediterranean Asia',
  'Western Asia',
  'Oceania',
]);

export const PREVALENCE_RULE =
  "The headline estimate (the overview's) is Orphanet's worldwide figure, else a birth prevalence of a region or country, else another " +
  `regional figure; an estimate for a "${SPECIFIC_POPULATION}" (a founder population or ethnic group) is never the headline or the ` +
  'category. Within each step: point prevalence, then birth prevalence, lifetime prevalence, annual incidence; the United States (the ' +
  "service's FDA and newborn-screening data are American) before a region wider than one country (Europe, North America, ...), before " +
  'a country; then the class most estimates of the step give (an outlying population does not lead: sickle cell disease in Guadeloupe); ' +
  'then the most frequent class. `prevalenceCategory` comes from the best estimate by ' +
  'point prevalence first (then birth, lifetime, incidence), worldwide before any region, then the most frequent class, among estimates ' +
  'with a usable class: `common` >1/1000, `uncommon` 6-9/10 000, `rare` 1-5/10 000, `very-rare` 1-9/100 000, `ultra-rare` <1-9/1 000 000, ' +
  'else `unknown`.';

/** The estimates a headline or category may come from: a usable class and type, not a specific population. */
function usable(entries: PrevalenceEntry[], categoryOf: (cls: string | null) => PrevalenceCategory) {
  return entries.flatMap((e) => {
    const cat = categoryOf(e.class);
    const t = TYPE_ORDER.indexOf(e.type);
    return cat === 'unknown' || t < 0 || e.geography === SPECIFIC_POPULATION ? [] : [{ e, cat, t }];
  });
}

/**
 * The record's prevalence category from its Orphanet entries (PREVALENCE_RULE): point prevalence first
 * (then birth prevalence, lifetime prevalence, annual incidence), worldwide before any region, and among
 * equals the most frequent class. 'unknown' when no entry has a usable class.
 */
export function pickPrevalenceCategory(
  entries: PrevalenceEntry[],
  categoryOf: (cls: string | null) => PrevalenceCategory,
): PrevalenceCategory {
  let best: { rank: number; cat: PrevalenceCategory } | null = null;
  for (const { e, cat, t } of usable(entries, categoryOf)) {
    const rank = t * 10 + (e.geography === 'Worldwide' ? 0 : 5) + CLASS_ORDER.indexOf(cat) / 10;
    if (!best || rank < best.rank) best = { rank, cat };
  }
  return best?.cat ?? 'unknown';
}

/** The step of PREVALENCE_RULE an estimate falls in: worldwide, birth prevalence of a region or country, other regional. */
function step(e: PrevalenceEntry): number {
  if (e.geography === 'Worldwide') return 0;
  return e.type === 'Prevalence at birth' ? 1 : 2;
}

/** How wide a geography is, for PREVALENCE_RULE: worldwide or the United States, a region, a country. */
function width(geography: string): number {
  if (geography === 'Worldwide' || geography === 'United States') return 0;
  return REGIONS.has(geography) ? 1 : 2;
}

/** True when rank `a` comes before rank `b`, compared place by place. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The headline estimate by PREVALENCE_RULE; null when none has a usable class. */
export function headlinePrevalence(
  entries: PrevalenceEntry[],
  categoryOf: (cls: string | null) => PrevalenceCategory,
): PrevalenceEntry | null {
  const candidates = usable(entries, categoryOf);
  // How many estimates of a step give a class: the class most of them give leads.
  const agreeing = (e: PrevalenceEntry, cat: PrevalenceCategory) => candidates.filter((x) => step(x.e) === step(e) && x.cat === cat).length;
  let best: { rank: number[]; e: PrevalenceEntry } | null = null;
  for (const { e, cat, t } of candidates) {
    const rank = [step(e), t, width(e.geography), -agreeing(e, cat), CLASS_ORDER.indexOf(cat)];
    if (!best || before(rank, best.rank)) best = { rank, e };
  }
  return best?.e ?? null;
}
