import { MONDO_ID_PATTERN } from '../contract/api/base.ts';
import type { InvalidParam } from '../contract/api/problems.ts';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../contract/api/vocab.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { alias, anyOf, bool, type ParamsOf, params } from '../http/param-schemas.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

/**
 * The filters over diseases, one schema each, and the one function that tests a disease row
 * against them. The list, search, match and hierarchy routes take every filter. Filters combine
 * with AND; the values of one list filter with OR. `inheritancePattern` and `onsetCategory` are
 * the names the interface gives two of them on search: documented aliases, and a request that
 * gives both names of one filter is a 400 naming them (param-reader.ts).
 */

/** Most gene symbols one `gene=` takes. */
export const GENE_FILTER_MAX = 20;

const INHERITANCE = anyOf(INHERITANCE_TERMS, 'Inheritance terms.');
const ONSET = anyOf(ONSET_CATEGORIES, 'Onset categories.');

export const FILTER_PARAMS = {
  isRare: bool("Only diseases in (or outside) Mondo's rare disease subset."),
  hasContent: bool('Only diseases that have (or lack) descriptive content beyond the name: a definition, phenotypes or genes.'),
  hasExpertContent: bool(
    "Only diseases that have (or lack) expert content: facts a curator read in GeneReviews, MedlinePlus, Orphanet or a guideline, with citations, and a lead paragraph (the record's `expert`). Until API 1.6 this filter meant what `hasCuratedDefinition` means now.",
  ),
  hasCuratedDefinition: bool(
    'Only diseases whose definition is (or is not) curated text from Mondo or Orphanet rather than Disease Ontology or none.',
  ),
  hasTrials: bool('Only diseases with (or without) matching studies in the ClinicalTrials.gov sample.'),
  hasActiveTrials: bool('Only diseases with (true) or without (false) an active matching study in the trial sample.'),
  minTrialCount: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    description: 'Only diseases with at least this many matching studies in the trial sample.',
  },
  inheritance: INHERITANCE,
  inheritancePattern: alias('inheritance', INHERITANCE),
  onset: ONSET,
  onsetCategory: alias('onset', ONSET),
  prevalence: anyOf(PREVALENCE_CATEGORIES, 'Prevalence categories.'),
  gene: {
    type: 'array',
    minItems: 1,
    maxItems: GENE_FILTER_MAX,
    example: ['UBE3A'],
    items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9@._/-]{0,29}$', 'x-malformed': 'an HGNC gene symbol' },
    description: `HGNC gene symbols, case-insensitive, comma-separated (at most ${GENE_FILTER_MAX}); a previous symbol counts as the current one. A disease matches when it has any of them.`,
  },
  descendantOf: {
    type: 'string',
    pattern: MONDO_ID_PATTERN,
    'x-malformed': 'MONDO: followed by 7 digits',
    example: 'MONDO:0019052',
    description:
      'Only diseases below this current Mondo disease in the is_a hierarchy, at any depth (the disease itself is not included), e.g. `MONDO:0019052` (inborn error of metabolism). An id that is not a current disease is a 400.',
  },
} as const;

const FILTERS = params(FILTER_PARAMS);
/** The filter values of a request, as a route reads them among its parameters. */
export type FilterValues = ParamsOf<typeof FILTERS>;

/** What the filters look up beyond the row: the hierarchy and the genes of one snapshot. */
export interface FilterContext {
  /** Whether the id is a current disease (descendantOf must name one). */
  isCurrent(id: string): boolean;
  /** The current diseases below `id` in the is_a hierarchy. */
  descendants(id: string): ReadonlySet<string>;
  /** The Mondo ids of the diseases that carry this gene symbol (or the gene it was the previous symbol of). */
  diseasesWithGene(symbol: string): readonly string[];
}

/** Whether the request gives any filter (search needs `q` or a filter). */
export function hasFilter(v: Partial<FilterValues>): boolean {
  for (const name in FILTER_PARAMS) if (v[name as keyof FilterValues] !== undefined) return true;
  return false;
}

/** The 400s the parameter schemas cannot decide: a descendantOf that is not a current disease. */
export function filterProblems(v: Partial<FilterValues>, ctx: FilterContext): InvalidParam[] {
  if (v.descendantOf === undefined || ctx.isCurrent(v.descendantOf)) return [];
  return [{ name: 'descendantOf', reason: 'not-allowed-value', detail: `${v.descendantOf} is not a current disease of this snapshot` }];
}

/** A test of one disease row against the request's filters, or null when the request gives none. */
export function diseaseFilter(v: Partial<FilterValues>, ctx: FilterContext): ((row: ListingRow) => boolean) | null {
  const tests: ((row: ListingRow) => boolean)[] = [];
  const { isRare, hasContent, hasExpertContent, hasCuratedDefinition, hasTrials, hasActiveTrials, minTrialCount, prevalence } = v;
  if (isRare !== undefined) tests.push((r) => r.isRare === isRare);
  if (hasContent !== undefined) tests.push((r) => r.hasContent === hasContent);
  if (hasExpertContent !== undefined) tests.push((r) => r.hasExpertContent === hasExpertContent);
  if (hasCuratedDefinition !== undefined) tests.push((r) => r.hasCuratedDefinition === hasCuratedDefinition);
  if (hasTrials !== undefined) tests.push((r) => r.trialCount > 0 === hasTrials);
  if (hasActiveTrials !== undefined) tests.push((r) => r.activeTrialCount > 0 === hasActiveTrials);
  if (minTrialCount !== undefined) tests.push((r) => r.trialCount >= minTrialCount);
  const inheritance = v.inheritance ?? v.inheritancePattern;
  if (inheritance) tests.push((r) => r.inheritance.some((x) => inheritance.includes(x)));
  const onset = v.onset ?? v.onsetCategory;
  if (onset) tests.push((r) => r.onset.some((x) => onset.includes(x)));
  if (prevalence) tests.push((r) => prevalence.includes(r.prevalenceCategory));
  if (v.gene) {
    const ids = new Set(v.gene.flatMap((symbol) => ctx.diseasesWithGene(symbol)));
    tests.push((r) => ids.has(r.id));
  }
  if (v.descendantOf !== undefined) {
    const within = ctx.descendants(v.descendantOf);
    tests.push((r) => within.has(r.id));
  }
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0];
  return (r) => {
    for (const t of tests) if (!t(r)) return false;
    return true;
  };
}

/** The filter context of one snapshot and its search engine (which knows every gene symbol a disease is found by). */
export function filterContext(snap: Snapshot, engine: SearchEngine): FilterContext {
  return {
    isCurrent: (id) => snap.rowById.has(id),
    descendants: (id) => snap.lookups.descendantSet(id),
    diseasesWithGene: (symbol) => engine.diseasesWithGene(symbol),
  };
}
