import type { MondoClass, SssomMapping, SubclassEdge } from '../ingest/source-types.ts';

export const HUMAN_DISEASE = 'MONDO:0700096';
export const NON_HUMAN_ANIMAL_DISEASE = 'MONDO:0005583';
const DISEASE_ROOT = 'MONDO:0000001';
const DISEASE_CHARACTERISTIC = 'MONDO:0021125';
/** Roots whose descendants are human conditions besides "human disease" itself. */
const HUMAN_ROOTS = [HUMAN_DISEASE, 'MONDO:0042489' /* disease susceptibility */, 'MONDO:0021178' /* injury */];
/** Label words that name a non-human species; used only for classes the hierarchy files do not place. */
const SPECIES =
  /(?:^|[\s,(])(?:non-human animal|dogs?|canine|cats?|domestic cat|feline|horses?|equine|cattle|bovine|sheep|ovine|goats?|caprine|pigs?|porcine|chicken|avian|rabbits?|mouse|mice|rats?|donkey|guinea pig|macaque|alpaca|llama|camel|deer|ferret|mink)(?:$|[\s,)])/i;
/** Xref systems that catalogue human conditions; an OMIA-only class is an animal phenotype. */
const HUMAN_SYSTEMS = new Set([
  'OMIM',
  'OMIMPS',
  'Orphanet',
  'GARD',
  'DOID',
  'NCIT',
  'ICD10CM',
  'ICD10WHO',
  'icd11.foundation',
  'SCTID',
  'mesh',
  'EFO',
  'NORD',
  'MEDGEN',
  'UMLS',
]);

export interface DiseaseSet {
  /** Included current classes, sorted by id. */
  ids: string[];
  labels: Map<string, string>;
  parents: Map<string, string[]>;
  children: Map<string, string[]>;
  /** All ancestors of an included class within the hierarchy (not including itself). */
  ancestors(id: string): string[];
  excluded: { nonHuman: number; characteristic: number; roots: number };
}

/**
 * Choose the human disease classes: current (not obsolete) Mondo classes that descend from
 * "human disease", "disease susceptibility" or "injury" in the union of the 2023 full is_a graph
 * and the 2026 rare-subset graph. Classes neither graph places (created after 2023-08 outside
 * the rare subset) are included unless their label names a non-human species or "non-human
 * animal", or their only catalogue xref is OMIA. Disease characteristics are not diseases.
 */
export function selectDiseases(classes: MondoClass[], edges: SubclassEdge[], mappings: SssomMapping[]): DiseaseSet {
  const labels = new Map<string, string>();
  for (const c of classes) if (!c.label.startsWith('obsolete ')) labels.set(c.id, c.label);
  const allParents = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!labels.has(e.child) || !labels.has(e.parent) || e.child === e.parent) continue;
    let s = allParents.get(e.child);
    if (!s) allParents.set(e.child, (s = new Set()));
    s.add(e.parent);
  }
  const ancestorCache = new Map<string, Set<string>>();
  const ancestorsOf = (id: string): Set<string> => {
    const hit = ancestorCache.get(id);
    if (hit) return hit;
    const out = new Set<string>();
    ancestorCache.set(id, out); // guards cycles
    for (const p of allParents.get(id) ?? []) {
      out.add(p);
      for (const a of ancestorsOf(p)) out.add(a);
    }
    return out;
  };
  const systems = new Map<string, Set<string>>();
  for (const m of mappings) {
    let s = systems.get(m.subject);
    if (!s) systems.set(m.subject, (s = new Set()));
    s.add(m.object.slice(0, m.object.indexOf(':')));
  }

  const ids: string[] = [];
  const excluded = { nonHuman: 0, characteristic: 0, roots: 0 };
  for (const [id, label] of labels) {
    if (id === DISEASE_ROOT || id === HUMAN_DISEASE || id === NON_HUMAN_ANIMAL_DISEASE || id === DISEASE_CHARACTERISTIC) {
      excluded.roots++;
      continue;
    }
    const anc = ancestorsOf(id);
    if (anc.has(DISEASE_CHARACTERISTIC)) {
      excluded.characteristic++;
      continue;
    }
    if (anc.has(NON_HUMAN_ANIMAL_DISEASE)) {
      excluded.nonHuman++;
      continue;
    }
    if (anc.size > 0) {
      if (HUMAN_ROOTS.some((r) => anc.has(r)) || HUMAN_ROOTS.includes(id)) ids.push(id);
      else excluded.nonHuman++;
      continue;
    }
    const sys = systems.get(id) ?? new Set<string>();
    const humanXref = [...sys].some((s) => HUMAN_SYSTEMS.has(s));
    if (SPECIES.test(label) || (sys.has('OMIA') && !humanXref)) {
      excluded.nonHuman++;
      continue;
    }
    ids.push(id);
  }
  ids.sort();
  const included = new Set(ids);
  const parents = new Map<string, string[]>();
  const children = new Map<string, string[]>();
  for (const id of ids) {
    const ps = [...(allParents.get(id) ?? [])].filter((p) => included.has(p)).sort();
    parents.set(id, ps);
    for (const p of ps) {
      let c = children.get(p);
      if (!c) children.set(p, (c = []));
      c.push(id);
    }
  }
  for (const c of children.values()) c.sort();
  return {
    ids,
    labels,
    parents,
    children,
    excluded,
    ancestors: (id) => [...ancestorsOf(id)].filter((a) => included.has(a)).sort(),
  };
}
