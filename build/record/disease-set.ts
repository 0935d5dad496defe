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
    const verdict = classify(id, label, ancestorsOf(id), systems.get(id) ?? new Set());
    if (verdict === 'disease') ids.push(id);
    else excluded[verdict]++;
  }
  ids.sort();
  const included = new Set(ids);
  const ancestorList = new Map<string, string[]>();
  const { parents, children } = servedHierarchy(ids, included, allParents);
  return {
    ids,
    labels,
    parents,
    children,
    excluded,
    // Built once per class and frozen: callers share it.
    ancestors: (id) =>
      ancestorList.get(id) ??
      ancestorList.set(id, Object.freeze([...ancestorsOf(id)].filter((a) => included.has(a)).sort()) as string[]).get(id)!,
  };
}

/** Whether a current class is a human disease, or why not (the counts of `excluded`). */
function classify(id: string, label: string, anc: Set<string>, sys: Set<string>): 'disease' | keyof DiseaseSet['excluded'] {
  if (id === DISEASE_ROOT || id === HUMAN_DISEASE || id === NON_HUMAN_ANIMAL_DISEASE || id === DISEASE_CHARACTERISTIC) return 'roots';
  if (anc.has(DISEASE_CHARACTERISTIC)) return 'characteristic';
  if (anc.has(NON_HUMAN_ANIMAL_DISEASE)) return 'nonHuman';
  if (anc.size > 0) return HUMAN_ROOTS.some((r) => anc.has(r)) || HUMAN_ROOTS.includes(id) ? 'disease' : 'nonHuman';
  // Placed by neither graph: judged by its label and the catalogues it maps to.
  const humanXref = [...sys].some((s) => HUMAN_SYSTEMS.has(s));
  return SPECIES.test(label) || (sys.has('OMIA') && !humanXref) ? 'nonHuman' : 'disease';
}

/** Parents and children among the served classes only, each list sorted by id. */
function servedHierarchy(ids: string[], included: Set<string>, allParents: Map<string, Set<string>>) {
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
  return { parents, children };
}
