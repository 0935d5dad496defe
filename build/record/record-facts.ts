import type { DiseaseRecord, GeneAssociation, GeneEntry, OnsetCategory, OrphanDrugStatus, Phenotype } from './record-types.ts';
import { ORPHAN_DRUG_STATUSES } from '../../server/contract/api/vocab.ts';
import { comparePhenotypes } from './frequency-pool.ts';

/** The sourced parts of a record: everything the derived parts (sections, computed, classification, quality) are computed from. */
export type RecordFacts = Omit<DiseaseRecord, 'sections' | 'computed' | 'classification' | 'metadata'>;

/** Genes are listed by this order of association strength; the GeneAssociation union order. */
export const ASSOCIATION_ORDER: readonly GeneAssociation[] = [
  'causal',
  'causal-loss-of-function',
  'causal-gain-of-function',
  'somatic',
  'fusion',
  'susceptibility',
  'modifier',
  'role-in-phenotype',
  'associated',
  'candidate',
];

/** Onset categories from earliest to latest; 'all-ages' and 'unknown' name no single age. */
export const ONSET_ORDER: readonly OnsetCategory[] = ['antenatal', 'neonatal', 'infancy', 'childhood', 'adolescent', 'adult', 'elderly'];

/**
 * The lowest frequency a phenotype annotation asserts, in percent: the point value when the
 * source gives one, else the lower bound of its band; null when the annotation has no frequency.
 */
export function frequencyFloor(p: Phenotype): number | null {
  const f = p.frequency;
  // A count of fewer patients than the pooling threshold asserts no frequency band.
  if (!f || p.frequencyBasis === 'small-count' || p.frequencyBasis === 'unusable') return null;
  if (f.percent !== null) return f.percent;
  return f.range ? f.range[0] : null;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Phenotypes present in the disease (not negated), in the order of FREQUENCY_RULE (frequency-pool.ts): never by label. */
export function phenotypesByFrequency(phenotypes: Phenotype[]): Phenotype[] {
  return phenotypes.filter((p) => !p.negated).sort(comparePhenotypes);
}

/** Phenotypes annotated as absent (negated), by label then HPO id. */
export function negatedPhenotypes(phenotypes: Phenotype[]): Phenotype[] {
  return phenotypes.filter((p) => p.negated).sort((a, b) => byText(a.label, b.label) || byText(a.hpoId, b.hpoId));
}

/** Genes by association strength (ASSOCIATION_ORDER), then symbol. */
export function genesByAssociation(genes: GeneEntry[]): GeneEntry[] {
  const rank = (g: GeneEntry): number => ASSOCIATION_ORDER.indexOf(g.association);
  return [...genes].sort((a, b) => rank(a) - rank(b) || byText(a.symbol, b.symbol));
}

/** True for associations that name the gene as a cause of the disease. */
export function isCausal(association: GeneAssociation): boolean {
  return association.startsWith('causal');
}

/** One FDA product: the designation rows sharing a generic and trade name, in first-appearance order. */
export interface OrphanProduct {
  genericName: string;
  tradeName: string | null;
  /** Designation dates, distinct and sorted. */
  designated: string[];
  /** Marketing approval dates of approvals in force (status `approved`), distinct and sorted. */
  approved: string[];
  /** Withdrawal or revocation dates given, distinct and sorted. */
  withdrawn: string[];
  /** Normalized statuses of its rows, in ORPHAN_DRUG_STATUSES order. */
  statuses: OrphanDrugStatus[];
}

/** Group orphan-drug rows by product (case-insensitive generic + trade name); dates distinct and sorted. */
export function orphanProducts(facts: Pick<RecordFacts, 'orphanDrugs'>): OrphanProduct[] {
  const byKey = new Map<string, OrphanProduct>();
  const push = (list: string[], value: string | null) => {
    if (value && !list.includes(value)) list.push(value);
  };
  for (const d of facts.orphanDrugs) {
    const key = `${d.genericName.toLowerCase()}\u0000${(d.tradeName ?? '').toLowerCase()}`;
    let p = byKey.get(key);
    if (!p)
      byKey.set(
        key,
        (p = { genericName: d.genericName, tradeName: d.tradeName, designated: [], approved: [], withdrawn: [], statuses: [] }),
      );
    push(p.designated, d.dateDesignated);
    if (d.status === 'approved') push(p.approved, d.marketingApprovalDate);
    if (d.status === 'withdrawn') push(p.withdrawn, d.dateWithdrawn);
    if (!p.statuses.includes(d.status)) p.statuses.push(d.status);
  }
  const out = [...byKey.values()];
  for (const p of out) {
    p.designated.sort();
    p.approved.sort();
    p.withdrawn.sort();
    p.statuses.sort((a, b) => ORPHAN_DRUG_STATUSES.indexOf(a) - ORPHAN_DRUG_STATUSES.indexOf(b));
  }
  return out;
}

/** Designations in force: not withdrawn or revoked (a withdrawn designation is no longer pipeline activity or an available orphan drug). */
export function inForceDesignations(facts: Pick<RecordFacts, 'orphanDrugs'>): RecordFacts['orphanDrugs'] {
  return facts.orphanDrugs.filter((d) => d.status !== 'withdrawn');
}
