import type { ComputedValue, SourceId } from './record-types.ts';
import { ONSET_ORDER, frequencyFloor, inForceDesignations, isCausal, orphanProducts, type RecordFacts } from './record-facts.ts';
import { MODE_PRECEDENCE } from './inheritance.ts';
import type { NamedClass } from './class-naming.ts';
import type { Hallmark } from './hallmarks.ts';

export type { ComputedValue };

/** The parts derived with context beyond the record's facts (the HPO release, Mondo's structure): see build-records.ts. */
export interface DerivedParts {
  hallmarks: Hallmark[];
  namedClasses: NamedClass[];
}

function hasSystem(facts: RecordFacts, test: (system: string) => boolean): boolean {
  for (const [system, entries] of Object.entries(facts.xrefs)) if (entries.length > 0 && test(system)) return true;
  return false;
}

function earliestOnset(facts: RecordFacts): string | null {
  let best = -1;
  for (const o of facts.onset) {
    const i = ONSET_ORDER.indexOf(o.term);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  if (best >= 0) return ONSET_ORDER[best];
  return facts.onset.some((o) => o.term === 'all-ages') ? 'all-ages' : null;
}

/** Sources that contributed a value; Mondo always does (id, name, hierarchy). The NORD robot file gives the resource links. */
function contributingSources(facts: RecordFacts): Set<SourceId> {
  const s = new Set<SourceId>(['mondo']);
  if (facts.definition) s.add(facts.definition.source);
  for (const syn of facts.synonyms) if (syn.origin === 'orphanet' || syn.origin === 'doid' || syn.origin === 'gard') s.add(syn.origin);
  if (facts.resources.gard.length > 0) s.add('gard');
  for (const p of facts.phenotypes) for (const e of p.sources) s.add(e.source);
  for (const v of [...facts.inheritance, ...facts.onset]) for (const e of v.sources) s.add(e.source);
  for (const g of facts.genes) for (const e of g.sources) s.add(e.source);
  if (facts.prevalence.length > 0) s.add('orphanet');
  if (facts.screening.screened) s.add(facts.screening.provenance.source);
  for (const d of facts.orphanDrugs) s.add(d.provenance.source);
  for (const t of facts.trials.items) s.add(t.provenance.source);
  for (const g of facts.advocacyGroups.items) s.add(g.provenance.source);
  for (const a of facts.assistancePrograms.items) s.add(a.provenance.source);
  if (facts.resources.nordReportId) s.add('nord');
  return s;
}

/**
 * Derive the `computed` fields of a record from its facts. Pure and deterministic; the keys
 * and their order are exactly COMPUTED_FIELDS (computed-fields.ts).
 */
export function computeFields(
  facts: RecordFacts,
  derived: DerivedParts = { hallmarks: [], namedClasses: [] },
): Record<string, ComputedValue> {
  const present = facts.phenotypes.filter((p) => !p.negated);
  const products = orphanProducts(facts);
  const year = (dates: (string | null)[]): number | null => {
    const sorted = dates.filter((d): d is string => d !== null).sort();
    const y = sorted.length > 0 ? Number(sorted[sorted.length - 1].slice(0, 4)) : null;
    return y !== null && Number.isInteger(y) ? y : null;
  };
  return {
    phenotypeCount: present.length,
    phenotypeWithFrequencyCount: present.filter((p) => p.frequency !== null).length,
    veryFrequentPhenotypeCount: present.filter((p) => (frequencyFloor(p) ?? -1) >= 80).length,
    negatedPhenotypeCount: facts.phenotypes.length - present.length,
    geneCount: facts.genes.length,
    causalGeneCount: facts.genes.filter((g) => isCausal(g.association)).length,
    otherAssociatedGeneCount: facts.genes.filter((g) => !isCausal(g.association)).length,
    synonymCount: facts.synonyms.length,
    otherNameCount: facts.synonyms.filter((s) => s.kind === 'name').length,
    xrefSystemCount: Object.values(facts.xrefs).filter((e) => e.length > 0).length,
    hasOmim: hasSystem(facts, (s) => s === 'OMIM' || s === 'OMIMPS'),
    hasOrphanet: hasSystem(facts, (s) => s === 'Orphanet' || s === 'ORPHA'),
    hasIcd10: hasSystem(facts, (s) => s === 'ICD-10-WHO' || s === 'ICD-10-CM'),
    hasIcd11: hasSystem(facts, (s) => s === 'ICD-11'),
    inheritanceModeCount: facts.inheritance.filter((v) => MODE_PRECEDENCE.includes(v.term)).length,
    primaryInheritance: facts.inheritanceSummary.primary,
    earliestOnset: earliestOnset(facts),
    prevalenceRecordCount: facts.prevalence.length,
    hasPrevalenceData: facts.prevalence.length > 0,
    orphanDrugCount: facts.orphanDrugs.length,
    orphanDrugProductCount: products.length,
    approvedOrphanDrugCount: products.filter((p) => p.approved.length > 0).length,
    approvedDesignationCount: facts.orphanDrugs.filter((d) => d.status === 'approved').length,
    designatedOrphanDrugCount: facts.orphanDrugs.filter((d) => d.status === 'designated').length,
    withdrawnOrphanDrugCount: facts.orphanDrugs.filter((d) => d.status === 'withdrawn').length,
    latestOrphanApprovalYear: year(facts.orphanDrugs.filter((d) => d.status === 'approved').map((d) => d.marketingApprovalDate)),
    latestOrphanDesignationYear: year(inForceDesignations(facts).map((d) => d.dateDesignated)),
    trialCount: facts.trials.total,
    activeTrialCount: facts.trials.active,
    isScreened: facts.screening.screened,
    screeningStatus: facts.screening.status,
    parentCount: facts.parents.length,
    childCount: facts.children.length,
    isLeaf: facts.children.length === 0,
    definitionSource: facts.definition ? facts.definition.source : null,
    hallmarks: derived.hallmarks,
    namedClasses: derived.namedClasses,
    sourceCount: contributingSources(facts).size,
  };
}
