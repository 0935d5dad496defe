import type { DiseaseRecord, GeneAssociation, GeneEntry, OnsetCategory, OrphanDrugStatus, Phenotype } from './record-types.ts';
import { ORPHAN_DRUG_STATUSES } from '../../server/contract/api/vocab.ts';
import { comparePhenotypes } from './frequency-pool.ts';
import { hasLostCharacter, hasReplacementCharacter } from './text-repair.ts';

/**
 * The sourced parts of a record: everything the derived parts (sections, computed, classification, quality) are computed from.
 * `computed` is there when the sections are composed: the overview names its hallmarks and classes.
 */
export type RecordFacts = Omit<DiseaseRecord, 'sections' | 'computed' | 'classification' | 'metadata'> & {
  computed?: DiseaseRecord['computed'];
};

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

/** A source relation that names a somatic change or a fusion gene, not a germline cause. */
export const NOT_GERMLINE = /somatic|fusion/i;

/**
 * A germline cause: a causal association that no source contradicts by stating a somatic change or a
 * fusion gene (Mondo's "germline mutation in CREB1" beside Orphanet's "Part of a fusion gene in").
 */
export function isGermlineCause(g: { association: GeneAssociation; sources: readonly { raw: string }[] }): boolean {
  return isCausal(g.association) && !g.sources.some((s) => NOT_GERMLINE.test(s.raw));
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

/** An approved product as the prose names it: its first approval and its latest labeled indication, each with its own date. */
export interface ApprovedProduct {
  /** "Kalydeco (ivacaftor)", or the generic name alone. */
  name: string;
  /** The earliest approval date among its designations' approvals. */
  first: string;
  /** The newest approval: its date and labeled indication. */
  latest: { date: string; indication: string | null };
  /** Entries (designations) of this product in the list. */
  entries: number;
}

/** The product name the prose uses: "Trade (generic)", or the generic name when they are the same or no trade name is given. */
export function productName(d: { genericName: string; tradeName: string | null; fdaUrl?: string | null }): string {
  const name =
    d.tradeName && d.tradeName.toLowerCase() !== d.genericName.toLowerCase() ? `${d.tradeName} (${d.genericName})` : d.genericName;
  if (!hasReplacementCharacter(name) && !hasLostCharacter(name)) return name;
  // LOST_CHARACTER_RULE: the intact one of the two names, never a guessed letter.
  const intact = [d.tradeName, d.genericName].find((n) => n && !hasReplacementCharacter(n) && !hasLostCharacter(n));
  if (intact) return intact;
  // A character TEXT_REPAIR_RULE cannot restore never reaches the prose: the FDA page names the product.
  return `a product whose name the FDA export does not render${d.fdaUrl ? ` (${d.fdaUrl})` : ''}`;
}

/** The identity of a product name: case, spacing and punctuation aside ("bendamustine for 50 ml admixture" is "... 50ml ..."). */
export function productKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Approved entries (status `approved`) grouped by product, oldest first approval first. */
export function approvedProducts(entries: readonly RecordFacts['orphanDrugs'][number][]): ApprovedProduct[] {
  const byKey = new Map<string, ApprovedProduct>();
  for (const d of entries) {
    if (d.status !== 'approved') continue;
    const dates = d.approvals.filter((a) => a.date !== null) as { date: string; indication: string | null }[];
    if (d.marketingApprovalDate && !dates.some((a) => a.date === d.marketingApprovalDate))
      dates.push({ date: d.marketingApprovalDate, indication: d.approvedIndication });
    if (dates.length === 0) continue;
    const key = productKey(d.tradeName ?? productName(d));
    const p = byKey.get(key) ?? byKey.set(key, { name: productName(d), first: dates[0].date, latest: dates[0], entries: 0 }).get(key)!;
    p.entries++;
    for (const a of dates) {
      if (a.date < p.first) p.first = a.date;
      if (a.date > p.latest.date || (a.date === p.latest.date && p.latest.indication === null)) p.latest = a;
    }
  }
  return [...byKey.values()].sort((a, b) => a.first.localeCompare(b.first) || a.name.localeCompare(b.name));
}
