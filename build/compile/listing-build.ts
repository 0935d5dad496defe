import type { DiseaseRecord, GeneAssociation } from '../record/record-types.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';

/** Associations that make a gene a cause of the disease, not a risk factor, modifier or candidate. */
const CAUSAL: ReadonlySet<GeneAssociation> = new Set(['causal', 'causal-loss-of-function', 'causal-gain-of-function']);

/** The listing rows of all records, in record order. */
export function listingRows(records: DiseaseRecord[]): ListingRow[] {
  const descendants = descendantCounts(records);
  return records.map((r) => listingRow(r, descendants.get(r.id) ?? 0));
}

/**
 * Per record, how many served classes lie under it (children, their children...), each counted
 * once however many paths lead to it: every class counts itself into each of its ancestors.
 */
export function descendantCounts(records: DiseaseRecord[]): Map<string, number> {
  const parents = new Map(records.map((r) => [r.id, r.parents.map((p) => p.id)]));
  const ancestors = new Map<string, Set<string>>();
  const ancestorsOf = (id: string): Set<string> => {
    let set = ancestors.get(id);
    if (set) return set;
    // Marked before recursing: the hierarchy is acyclic, this only guards against a bad input looping.
    set = new Set();
    ancestors.set(id, set);
    for (const p of parents.get(id) ?? []) {
      set.add(p);
      for (const a of ancestorsOf(p)) set.add(a);
    }
    return set;
  };
  const counts = new Map<string, number>();
  for (const r of records) for (const a of ancestorsOf(r.id)) counts.set(a, (counts.get(a) ?? 0) + 1);
  return counts;
}

/** The compact listing/filter row of one record (see ListingRow for what each field means). */
export function listingRow(r: DiseaseRecord, descendantCount = 0): ListingRow {
  return {
    id: r.id,
    name: r.name,
    isRare: r.isRare,
    hasContent: r.definition !== null || r.phenotypes.length > 0 || r.genes.length > 0,
    hasExpertContent: r.expert !== undefined,
    hasCuratedDefinition: r.definition !== null && r.definition.source !== 'doid',
    definitionSource: r.definition?.source ?? null,
    inheritance: r.inheritance.map((v) => v.term),
    onset: r.onset.map((v) => v.term),
    prevalenceCategory: r.prevalenceCategory,
    genes: r.genes.map((g) => g.symbol),
    causalGenes: r.genes.filter((g) => CAUSAL.has(g.association)).map((g) => g.symbol),
    synonyms: r.synonyms.map((s) => s.text),
    trialCount: r.trials.total,
    activeTrialCount: r.trials.active,
    pagCount: r.advocacyGroups.items.length,
    orphanDrugCount: r.orphanDrugs.length,
    phenotypeCount: r.phenotypes.length,
    descendantCount,
    screened: r.screening.screened,
    qualityScore: r.metadata.qualityScore,
    updatedAt: r.metadata.lastChanged,
  };
}
