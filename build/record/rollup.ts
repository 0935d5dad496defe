import type { RecordFacts } from './record-facts.ts';
import { compareOrphanDrugs } from './text-links.ts';
import { subtypesPerMode, tiedModes } from './inheritance.ts';
import type { RolledDesignation, Rollup, SubtypeRef } from './record-types.ts';
import { nameWords } from './synonyms.ts';
import { COVERS } from './approval-cover.ts';
import { negatesName } from './designation-context.ts';

/** Most items a rolled-up list keeps (the counts say how many there are in all); most subtypes named per item. */
export const ROLLUP_LIMIT = 25;
const SUBTYPES_PER_ITEM = 3;

export const ROLLUP_RULE =
  'A class shows what its subtypes (every class below it in Mondo) have, each item with the subtypes it comes from: causal genes the class does not ' +
  'have itself, the primary inheritance mode of each subtype, subtypes on the RUSP newborn screening panel (directly or as a listed constituent), and ' +
  'FDA orphan designations listed on a subtype but not on the class. A subtype is named only when no class between it and the record has the same ' +
  `value. \`parentOrphanDrugs\` lists designations made for the whole of a direct parent class (relation \`exact\` or \`narrower\` there; ` +
  `not one made for a stage, type or other part of it) that CLASS_NAMING_RULE accepts as a disease group of this class (not an umbrella, not ` +
  `another disease, not a class that says the opposite) and whose text does not leave this class out ("excluding CLL": its label, a name or a ` +
  `broader synonym negated by DESIGNATION_CONTEXT_RULE's words), marked with that parent and with relation \`narrower\` (the designation names a ` +
  `wider condition); a subtype's ` +
  `designation rolled up has relation \`broader\` (it covers a subset of the class). Lists keep at most ${ROLLUP_LIMIT} items ` +
  `(genes and designations: the ones shared by the most subtypes, approvals first) and ${SUBTYPES_PER_ITEM} subtypes per item; the counts give the totals. ` +
  "Phenotypes are not rolled up: a subtype's features are not features of every form of the class.";

export const READ_MORE_RULE =
  'A class with no GeneReviews or MedlinePlus link of its own takes one from its direct subtypes where the subtype is the same disease: at ' +
  'least two of them carry the same link and none carries another of that kind (the chapter covers them all), or the MedlinePlus page is ' +
  'named for the class ("mucopolysaccharidosis-type-i" on Scheie syndrome, for mucopolysaccharidosis type 1). `linksFromSubtypes` names ' +
  'the subtypes each rolled-up link comes from.';

/** An empty roll-up, for records assembled before the hierarchy pass. */
export function emptyRollup(): Rollup {
  return {
    genes: [],
    geneCount: 0,
    inheritance: [],
    screening: [],
    orphanDrugs: [],
    orphanDrugCount: 0,
    parentOrphanDrugs: [],
    parentOrphanDrugCount: 0,
  };
}

type Sources = Map<string, Set<string>>;
const add = (m: Map<string, Sources>, target: string, key: string, from: string) => {
  const byKey = m.get(target) ?? m.set(target, new Map()).get(target)!;
  (byKey.get(key) ?? byKey.set(key, new Set()).get(key)!).add(from);
};

type Drug = RecordFacts['orphanDrugs'][number];
const drugKey = (d: Drug) => d.fdaUrl ?? `${d.genericName}\u0000${d.designation}`;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What every class's subtypes have, gathered in one pass over the records. */
interface Gathered {
  genes: Map<string, Sources>;
  modes: Map<string, Sources>;
  drugs: Map<string, Sources>;
  screened: Map<string, Set<string>>;
  geneOf: Map<string, RecordFacts['genes'][number]>;
  drugOf: Map<string, Drug>;
}

/** How a roll-up names its subtypes: the records, and which sources lie above which. */
interface Naming {
  records: Map<string, RecordFacts>;
  ref(id: string): SubtypeRef;
  /** The sources no other source of the same value lies above, by name. */
  shallowest(from: Set<string>): string[];
}

/**
 * Fill `rollup` of every record by ROLLUP_RULE. `ancestorsOf` gives every class above a class
 * (transitively); records are keyed by id.
 */
export function rollUp(
  records: Map<string, RecordFacts>,
  ancestorsOf: (id: string) => string[],
  isGroupOf: (id: string, parent: string) => boolean = () => true,
): void {
  const gathered = gather(records, ancestorsOf);
  const ownLinks = new Map(
    [...records].map(([id, f]) => [id, { geneReviews: f.resources.geneReviews, medlinePlus: f.resources.medlinePlus }]),
  );
  const byName = (a: string, b: string) => cmp(records.get(a)!.name, records.get(b)!.name) || cmp(a, b);
  const naming: Naming = {
    records,
    ref: (id) => ({ id, name: records.get(id)!.name }),
    shallowest: (from) => {
      const out = from.size === 1 ? [...from] : [...from].filter((s) => !ancestorsOf(s).some((a) => a !== s && from.has(a)));
      return out.length > 1 ? out.sort(byName) : out;
    },
  };
  for (const f of records.values()) {
    const r = emptyRollup();
    const genes = rolledGenes(f, gathered, naming);
    r.geneCount = genes.length;
    r.genes = genes.slice(0, ROLLUP_LIMIT);
    r.inheritance = rolledModes(f, gathered, naming);
    breakInheritanceTie(f, r.inheritance);
    r.screening = rolledScreening(f, gathered, naming);
    const drugs = rolledDrugs(f, gathered, naming);
    r.orphanDrugCount = drugs.length;
    r.orphanDrugs = drugs.slice(0, ROLLUP_LIMIT);
    const fromParents = parentDrugs(f, isGroupOf, naming);
    r.parentOrphanDrugCount = fromParents.length;
    r.parentOrphanDrugs = fromParents.slice(0, ROLLUP_LIMIT);
    f.rollup = r;
    f.resources = { ...f.resources, ...rolledLinks(f, ownLinks, naming) };
  }
}

type ReadMore = 'geneReviews' | 'medlinePlus';

/** The GeneReviews and MedlinePlus links of a class, its own or its subtypes' by READ_MORE_RULE. */
function rolledLinks(f: RecordFacts, own: Map<string, Record<ReadMore, string | null>>, n: Naming): Partial<RecordFacts['resources']> {
  const out: Partial<RecordFacts['resources']> = {};
  const from: RecordFacts['resources']['linksFromSubtypes'] = [];
  for (const field of ['geneReviews', 'medlinePlus'] as const) {
    if (f.resources[field]) continue;
    const carried = f.children.flatMap((c) => {
      const link = own.get(c.id)?.[field];
      return link ? [{ child: c.id, link }] : [];
    });
    const links = [...new Set(carried.map((x) => x.link))];
    const slug = (url: string) => nameWords(url.replace(/\/+$/, '').replace(/^.*\//, '').replace(/-/g, ' '));
    const pick =
      links.length === 1 && carried.length >= 2 ? links[0] : links.find((l) => field === 'medlinePlus' && slug(l) === nameWords(f.name));
    if (!pick) continue;
    out[field] = pick;
    from.push({ field, subtypes: carried.filter((x) => x.link === pick).map((x) => n.ref(x.child)) });
  }
  return from.length > 0 ? { ...out, linksFromSubtypes: from } : out;
}

/** Every value of every record, added to each class above it. */
function gather(records: Map<string, RecordFacts>, ancestorsOf: (id: string) => string[]): Gathered {
  const g: Gathered = { genes: new Map(), modes: new Map(), drugs: new Map(), screened: new Map(), geneOf: new Map(), drugOf: new Map() };
  for (const f of records.values()) {
    const above = ancestorsOf(f.id).filter((a) => a !== f.id && records.has(a));
    if (above.length === 0) continue;
    for (const gene of f.genes) {
      if (!gene.association.startsWith('causal')) continue;
      if (!g.geneOf.has(gene.hgncId)) g.geneOf.set(gene.hgncId, gene);
      for (const a of above) add(g.genes, a, gene.hgncId, f.id);
    }
    const primary = f.inheritanceSummary.primary;
    if (primary) for (const a of above) add(g.modes, a, primary, f.id);
    if (f.screening.via === 'direct' || f.screening.via === 'subtype')
      for (const a of above) (g.screened.get(a) ?? g.screened.set(a, new Set()).get(a)!).add(f.id);
    for (const d of f.orphanDrugs) {
      const k = drugKey(d);
      if (!g.drugOf.has(k)) g.drugOf.set(k, d);
      for (const a of above) add(g.drugs, a, k, f.id);
    }
  }
  return g;
}

/** Causal genes of the subtypes that the class does not have itself, the most shared first. */
function rolledGenes(f: RecordFacts, g: Gathered, n: Naming): Rollup['genes'] {
  const own = new Set(f.genes.map((x) => x.hgncId));
  const genes = [...(g.genes.get(f.id) ?? [])].filter(([id]) => !own.has(id)).map(([id, from]) => ({ id, from: n.shallowest(from) }));
  genes.sort((a, b) => b.from.length - a.from.length || cmp(g.geneOf.get(a.id)!.symbol, g.geneOf.get(b.id)!.symbol));
  return genes.map(({ id, from }) => {
    const gene = g.geneOf.get(id)!;
    return {
      symbol: gene.symbol,
      hgncId: id,
      association: gene.association,
      subtypes: from.slice(0, SUBTYPES_PER_ITEM).map(n.ref),
      subtypeCount: from.length,
    };
  });
}

/** The subtypes' primary modes of inheritance, the most common first. */
function rolledModes(f: RecordFacts, g: Gathered, n: Naming): Rollup['inheritance'] {
  return [...(g.modes.get(f.id) ?? [])]
    .map(([term, from]) => ({ term, from: n.shallowest(from) }))
    .sort((a, b) => b.from.length - a.from.length || cmp(a.term, b.term))
    .map(({ term, from }) => ({
      term: term as Rollup['inheritance'][number]['term'],
      label: n.records.get(from[0])!.inheritanceSummary.primaryLabel ?? term,
      subtypes: from.slice(0, SUBTYPES_PER_ITEM).map(n.ref),
      subtypeCount: from.length,
    }));
}

/**
 * A tie between the record's own modes (INHERITANCE_RULE): when its subtypes' primary modes differ among the tied modes, no
 * mode is primary and the basis says how many subtypes have each; when they agree, their mode is primary.
 */
function breakInheritanceTie(f: RecordFacts, subtypeModes: Rollup['inheritance']): void {
  const tied = tiedModes(f.inheritance);
  if (tied.length < 2) return;
  const among = subtypeModes.filter((m) => tied.includes(m.term));
  if (among.length >= 2) {
    f.inheritanceSummary = {
      ...f.inheritanceSummary,
      primary: null,
      primaryLabel: null,
      basis: `no primary mode: ${tied.length} modes tied in the sources, and its subtypes differ (${subtypesPerMode(among)})`,
    };
    return;
  }
  const bySubtypes = among[0];
  if (!bySubtypes || bySubtypes.term === f.inheritanceSummary.primary) return;
  const label = f.inheritance.find((v) => v.term === bySubtypes.term)!.label;
  f.inheritanceSummary = {
    ...f.inheritanceSummary,
    primary: bySubtypes.term,
    primaryLabel: label,
    basis: `${label}: tied with ${tied.length - 1} other ${tied.length === 2 ? 'mode' : 'modes'} in the sources, and the primary mode of ${bySubtypes.subtypeCount} of its subtypes`,
  };
}

/** Subtypes on the newborn screening panel, the shallowest of them. */
function rolledScreening(f: RecordFacts, g: Gathered, n: Naming): Rollup['screening'] {
  return n
    .shallowest(g.screened.get(f.id) ?? new Set())
    .slice(0, ROLLUP_LIMIT)
    .map((id) => {
      const s = n.records.get(id)!.screening;
      return {
        subtype: n.ref(id),
        status: s.status as 'core' | 'secondary',
        condition: s.condition,
        acronym: s.acronym,
        via: s.via as 'direct' | 'subtype',
      };
    });
}

/** A designation as a roll-up lists it: with the class it comes from and its relation to this one. */
function rolled(d: Drug, from: SubtypeRef, relation: RolledDesignation['relation']): RolledDesignation {
  return {
    genericName: d.genericName,
    tradeName: d.tradeName,
    status: d.status,
    designation: d.designation,
    fdaUrl: d.fdaUrl,
    relation,
    covers: COVERS[relation],
    from,
  };
}

/** Designations of the subtypes not listed on the class itself (each covers a subset: broader). */
function rolledDrugs(f: RecordFacts, g: Gathered, n: Naming): RolledDesignation[] {
  const own = new Set(f.orphanDrugs.map(drugKey));
  const drugs = [...(g.drugs.get(f.id) ?? [])]
    .filter(([k]) => !own.has(k))
    .map(([k, from]) => ({ d: g.drugOf.get(k)!, from: n.shallowest(from) }));
  drugs.sort((a, b) => compareOrphanDrugs(a.d, b.d));
  return drugs.map(({ d, from }) => rolled(d, n.ref(from[0]), 'broader'));
}

/** Relations of a parent's designation that cover every member of the parent: the parent itself, or a wider condition. */
const ROLLS_DOWN: readonly RecordFacts['orphanDrugs'][number]['relation'][] = ['exact', 'narrower'];

/**
 * Designations of the direct parents that CLASS_NAMING_RULE accepts as disease groups of this record, made for the
 * whole parent or a wider condition (each names a wider condition: narrower); not one made for a part of the parent.
 */
function parentDrugs(f: RecordFacts, isGroupOf: (id: string, parent: string) => boolean, n: Naming): RolledDesignation[] {
  const out: RolledDesignation[] = [];
  const seen = new Set(f.orphanDrugs.map(drugKey));
  // What a designation's text may leave out by name: the label, its names and the wider conditions it is a form of ("CLL" for B-CLL).
  const names = [f.name, ...f.synonyms.filter((s) => s.kind === 'name' || s.relation === 'broader').map((s) => s.text)];
  for (const p of f.parents) {
    if (!isGroupOf(f.id, p.id)) continue;
    for (const x of n.records.get(p.id)?.orphanDrugs ?? []) {
      if (seen.has(drugKey(x)) || !ROLLS_DOWN.includes(x.relation) || negatesName(x.designation, names)) continue;
      seen.add(drugKey(x));
      out.push(rolled(x, n.ref(p.id), 'narrower'));
    }
  }
  return out;
}
