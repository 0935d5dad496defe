import type { RecordFacts } from './record-facts.ts';
import { compareOrphanDrugs } from './text-links.ts';
import { tiedModes } from './inheritance.ts';
import type { RolledDesignation, Rollup, SubtypeRef } from './record-types.ts';

/** Most items a rolled-up list keeps (the counts say how many there are in all); most subtypes named per item. */
export const ROLLUP_LIMIT = 25;
const SUBTYPES_PER_ITEM = 3;

export const ROLLUP_RULE =
  'A class shows what its subtypes (every class below it in Mondo) have, each item with the subtypes it comes from: causal genes the class does not ' +
  'have itself, the primary inheritance mode of each subtype, subtypes on the RUSP newborn screening panel (directly or as a listed constituent), and ' +
  'FDA orphan designations listed on a subtype but not on the class. A subtype is named only when no class between it and the record has the same ' +
  `value. \`parentOrphanDrugs\` lists designations made for a direct parent class that is a disease group (not an organ-system or other umbrella ` +
  `class, see CLASS_NAMING_RULE), marked with that parent and with relation \`narrower\` (the designation names a wider condition); a subtype's ` +
  `designation rolled up has relation \`broader\` (it covers a subset of the class). Lists keep at most ${ROLLUP_LIMIT} items ` +
  `(genes and designations: the ones shared by the most subtypes, approvals first) and ${SUBTYPES_PER_ITEM} subtypes per item; the counts give the totals. ` +
  "Phenotypes are not rolled up: a subtype's features are not features of every form of the class.";

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

/**
 * Fill `rollup` of every record by ROLLUP_RULE. `ancestorsOf` gives every class above a class
 * (transitively); records are keyed by id.
 */
export function rollUp(
  records: Map<string, RecordFacts>,
  ancestorsOf: (id: string) => string[],
  isGroup: (id: string) => boolean = () => true,
): void {
  const genes = new Map<string, Sources>();
  const modes = new Map<string, Sources>();
  const drugs = new Map<string, Sources>();
  const screened = new Map<string, Set<string>>();
  const geneOf = new Map<string, RecordFacts['genes'][number]>();
  const drugOf = new Map<string, RecordFacts['orphanDrugs'][number]>();
  const drugKey = (d: RecordFacts['orphanDrugs'][number]) => d.fdaUrl ?? `${d.genericName}\u0000${d.designation}`;
  for (const f of records.values()) {
    const above = ancestorsOf(f.id).filter((a) => a !== f.id && records.has(a));
    if (above.length === 0) continue;
    for (const g of f.genes) {
      if (!g.association.startsWith('causal')) continue;
      if (!geneOf.has(g.hgncId)) geneOf.set(g.hgncId, g);
      for (const a of above) add(genes, a, g.hgncId, f.id);
    }
    const primary = f.inheritanceSummary.primary;
    if (primary) for (const a of above) add(modes, a, primary, f.id);
    if (f.screening.via === 'direct' || f.screening.via === 'subtype')
      for (const a of above) (screened.get(a) ?? screened.set(a, new Set()).get(a)!).add(f.id);
    for (const d of f.orphanDrugs) {
      const k = drugKey(d);
      if (!drugOf.has(k)) drugOf.set(k, d);
      for (const a of above) add(drugs, a, k, f.id);
    }
  }
  const ref = (id: string): SubtypeRef => ({ id, name: records.get(id)!.name });
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (a: string, b: string) => cmp(records.get(a)!.name, records.get(b)!.name) || cmp(a, b);
  /** The sources no other source of the same value lies above. */
  const shallowest = (from: Set<string>): string[] => {
    const out = from.size === 1 ? [...from] : [...from].filter((s) => !ancestorsOf(s).some((a) => a !== s && from.has(a)));
    return out.length > 1 ? out.sort(byName) : out;
  };
  const rolled = (d: RecordFacts['orphanDrugs'][number], from: string, relation: RolledDesignation['relation']): RolledDesignation => ({
    genericName: d.genericName,
    tradeName: d.tradeName,
    status: d.status,
    designation: d.designation,
    fdaUrl: d.fdaUrl,
    relation,
    from: ref(from),
  });

  for (const f of records.values()) {
    const r = emptyRollup();
    const own = new Set(f.genes.map((g) => g.hgncId));
    const g = [...(genes.get(f.id) ?? [])].filter(([id]) => !own.has(id)).map(([id, from]) => ({ id, from: shallowest(from) }));
    g.sort((a, b) => b.from.length - a.from.length || cmp(geneOf.get(a.id)!.symbol, geneOf.get(b.id)!.symbol));
    r.geneCount = g.length;
    r.genes = g.slice(0, ROLLUP_LIMIT).map(({ id, from }) => {
      const gene = geneOf.get(id)!;
      return {
        symbol: gene.symbol,
        hgncId: id,
        association: gene.association,
        subtypes: from.slice(0, SUBTYPES_PER_ITEM).map(ref),
        subtypeCount: from.length,
      };
    });
    r.inheritance = [...(modes.get(f.id) ?? [])]
      .map(([term, from]) => ({ term, from: shallowest(from) }))
      .sort((a, b) => b.from.length - a.from.length || cmp(a.term, b.term))
      .map(({ term, from }) => {
        const label = records.get(from[0])!.inheritanceSummary.primaryLabel ?? term;
        return {
          term: term as Rollup['inheritance'][number]['term'],
          label,
          subtypes: from.slice(0, SUBTYPES_PER_ITEM).map(ref),
          subtypeCount: from.length,
        };
      });
    // A tie between the record's own modes goes to the mode most subtypes have (INHERITANCE_RULE).
    const tied = tiedModes(f.inheritance);
    if (tied.length > 1) {
      const bySubtypes = r.inheritance.find((m) => tied.includes(m.term));
      if (bySubtypes && bySubtypes.term !== f.inheritanceSummary.primary) {
        const label = f.inheritance.find((v) => v.term === bySubtypes.term)!.label;
        f.inheritanceSummary = {
          ...f.inheritanceSummary,
          primary: bySubtypes.term,
          primaryLabel: label,
          basis: `${label}: tied with ${tied.length - 1} other ${tied.length === 2 ? 'mode' : 'modes'} in the sources, and the primary mode of ${bySubtypes.subtypeCount} of its subtypes`,
        };
      }
    }
    r.screening = shallowest(screened.get(f.id) ?? new Set())
      .slice(0, ROLLUP_LIMIT)
      .map((id) => {
        const s = records.get(id)!.screening;
        return {
          subtype: ref(id),
          status: s.status as 'core' | 'secondary',
          condition: s.condition,
          acronym: s.acronym,
          via: s.via as 'direct' | 'subtype',
        };
      });
    const ownDrugs = new Set(f.orphanDrugs.map(drugKey));
    const d = [...(drugs.get(f.id) ?? [])]
      .filter(([k]) => !ownDrugs.has(k))
      .map(([k, from]) => ({ d: drugOf.get(k)!, from: shallowest(from) }));
    d.sort((a, b) => compareOrphanDrugs(a.d, b.d));
    r.orphanDrugCount = d.length;
    r.orphanDrugs = d.slice(0, ROLLUP_LIMIT).map(({ d: x, from }) => rolled(x, from[0], 'broader'));
    const fromParents: RolledDesignation[] = [];
    const seen = new Set(ownDrugs);
    for (const p of f.parents) {
      if (!isGroup(p.id)) continue;
      for (const x of records.get(p.id)?.orphanDrugs ?? []) {
        if (seen.has(drugKey(x))) continue;
        seen.add(drugKey(x));
        fromParents.push(rolled(x, p.id, 'narrower'));
      }
    }
    r.parentOrphanDrugCount = fromParents.length;
    r.parentOrphanDrugs = fromParents.slice(0, ROLLUP_LIMIT);
    f.rollup = r;
  }
}
