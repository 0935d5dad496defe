import type { MappingPredicate, SssomMapping } from '../ingest/source-types.ts';
import type { XrefEntry } from './record-types.ts';

/** CURIE prefix in the Mondo SSSOM files -> the system name the API groups by. */
export const XREF_SYSTEMS: Record<string, string> = {
  OMIM: 'OMIM',
  OMIMPS: 'OMIMPS',
  Orphanet: 'Orphanet',
  ICD10CM: 'ICD-10-CM',
  ICD10WHO: 'ICD-10-WHO',
  'icd11.foundation': 'ICD-11',
  SCTID: 'SNOMED CT',
  UMLS: 'UMLS',
  MEDGEN: 'MedGen',
  GARD: 'GARD',
  NCIT: 'NCIT',
  DOID: 'DOID',
  mesh: 'MeSH',
  EFO: 'EFO',
  MedDRA: 'MedDRA',
  NORD: 'NORD',
  ICD9: 'ICD-9',
  ICD9CM: 'ICD-9-CM',
  NANDO: 'NANDO',
  OMIA: 'OMIA',
  ONCOTREE: 'OncoTree',
  HP: 'HPO',
  ICDO: 'ICD-O',
  Wikipedia: 'Wikipedia',
  GTR: 'GTR',
  DECIPHER: 'DECIPHER',
  HGNC: 'HGNC',
  PMID: 'PubMed',
  CSP: 'CSP',
  SCDO: 'SCDO',
  birnlex: 'birnlex',
  IDO: 'IDO',
  MFOMD: 'MFOMD',
  MPATH: 'MPATH',
  MTH: 'MTH',
  NDFRT: 'NDFRT',
  OBI: 'OBI',
  OGMS: 'OGMS',
};

/** Specific mapping predicates beat the generic hasDbXref that usually accompanies them. */
const PREDICATE_RANK: Record<MappingPredicate, number> = {
  exactMatch: 5,
  closeMatch: 4,
  narrowMatch: 3,
  broadMatch: 3,
  relatedMatch: 2,
  hasDbXref: 1,
};

export interface CrossRefIndex {
  /** Per Mondo id: system -> entries, systems and ids sorted. */
  bySubject: Map<string, Record<string, XrefEntry[]>>;
  /** Exact matches from an external CURIE (e.g. 'OMIM:219700', 'Orphanet:586') to Mondo ids. */
  exactToMondo: Map<string, string[]>;
  /** Exact-match labels per Mondo id, with the CURIE they came from (synonym candidates). */
  exactLabels: Map<string, { curie: string; label: string }[]>;
}

/** Group every mapping by Mondo subject and system, keeping the most specific predicate per pair. */
export function indexCrossRefs(mappings: SssomMapping[], included: Set<string>): CrossRefIndex {
  const best = new Map<string, Map<string, SssomMapping>>();
  const exactToMondo = new Map<string, string[]>();
  for (const m of mappings) {
    if (m.predicate === 'exactMatch') {
      const list = exactToMondo.get(m.object);
      if (!list) exactToMondo.set(m.object, [m.subject]);
      else if (!list.includes(m.subject)) list.push(m.subject);
    }
    if (!included.has(m.subject)) continue;
    let perObj = best.get(m.subject);
    if (!perObj) best.set(m.subject, (perObj = new Map()));
    const prev = perObj.get(m.object);
    if (
      !prev ||
      PREDICATE_RANK[m.predicate] > PREDICATE_RANK[prev.predicate] ||
      (!prev.objectLabel && m.objectLabel && prev.predicate === m.predicate)
    ) {
      perObj.set(m.object, prev && !m.objectLabel && prev.objectLabel ? { ...m, objectLabel: prev.objectLabel } : m);
    }
  }
  for (const list of exactToMondo.values()) list.sort();
  const bySubject = new Map<string, Record<string, XrefEntry[]>>();
  const exactLabels = new Map<string, { curie: string; label: string }[]>();
  for (const [subject, perObj] of best) {
    const groups: Record<string, XrefEntry[]> = {};
    const labels: { curie: string; label: string }[] = [];
    for (const m of perObj.values()) {
      const prefix = m.object.slice(0, m.object.indexOf(':'));
      const system = XREF_SYSTEMS[prefix] ?? prefix;
      (groups[system] ??= []).push({ id: m.object, predicate: m.predicate, label: m.objectLabel });
      if (m.predicate === 'exactMatch' && m.objectLabel) labels.push({ curie: m.object, label: m.objectLabel });
    }
    const sorted: Record<string, XrefEntry[]> = {};
    for (const k of Object.keys(groups).sort()) sorted[k] = groups[k].sort((a, b) => a.id.localeCompare(b.id));
    bySubject.set(subject, sorted);
    labels.sort((a, b) => a.curie.localeCompare(b.curie));
    exactLabels.set(subject, labels);
  }
  return { bySubject, exactToMondo, exactLabels };
}

/** HPO annotation disease ids use ORPHA:; Mondo's SSSOM uses Orphanet:. */
export function hpoaDiseaseToCurie(diseaseId: string): string {
  return diseaseId.startsWith('ORPHA:') ? `Orphanet:${diseaseId.slice(6)}` : diseaseId;
}
