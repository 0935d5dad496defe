import type { DiseaseRecord, GeneAssociation } from '../record/types.ts';
import type { ListingRow } from '../../server/contract/listing-row.ts';

/** Associations that make a gene a cause of the disease, not a risk factor, modifier or candidate. */
const CAUSAL: ReadonlySet<GeneAssociation> = new Set(['causal', 'causal-loss-of-function', 'causal-gain-of-function']);

/** The compact listing/filter row of one record (see ListingRow for what each field means). */
export function listingRow(r: DiseaseRecord): ListingRow {
  return {
    id: r.id,
    name: r.name,
    isRare: r.isRare,
    hasContent: r.definition !== null || r.phenotypes.length > 0 || r.genes.length > 0,
    hasExpertContent: r.definition !== null && r.definition.source !== 'doid',
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
    screened: r.screening.screened,
    qualityScore: r.metadata.qualityScore,
    updatedAt: r.metadata.lastChanged,
  };
}
