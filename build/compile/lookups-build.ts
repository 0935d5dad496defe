import type { HgncGene, SssomMapping } from '../ingest/source-types.ts';
import type { DiseaseRecord, ObsoleteEntry } from '../record/record-types.ts';
import {
  MAPPING_PREDICATES,
  type GeneDiseaseRow,
  type GeneRow,
  type LookupsDoc,
  type MappingSetRow,
  type XrefTargetRow,
} from '../../server/contract/snapshot/lookups.ts';

export interface LookupInputs {
  records: readonly DiseaseRecord[];
  obsoletes: readonly ObsoleteEntry[];
  mappings: readonly SssomMapping[];
  hgnc: readonly HgncGene[];
  releases: { mondo: string; hgnc: string };
}

/** Lower rank is more specific: the one kept when Mondo states several predicates for a pair. */
const RANK = new Map<string, number>(MAPPING_PREDICATES.map((p, i) => [p, i]));

/**
 * The lookups document (server/contract/snapshot/lookups.ts): every SSSOM mapping by its code,
 * its Mondo subject followed to the replacement when obsolete (a mapping to an obsolete class
 * without a served replacement is listed apart, in `obsoleteXrefs`); the served parents of every disease;
 * every approved HGNC gene with the diseases whose records name it.
 */
export function buildLookups(input: LookupInputs): LookupsDoc {
  const current = new Set(input.records.map((r) => r.id));
  const replacement = new Map(input.obsoletes.filter((o) => o.replacedBy).map((o) => [o.id, o.replacedBy as string]));
  const sets: MappingSetRow[] = [];
  const setIndex = new Map<string, number>();
  // code -> mondo id -> [set index, obsolete via]
  const byCode = new Map<string, Map<string, [number, string | null]>>();
  const labels: Record<string, string> = {};
  const obsolete = new Set(input.obsoletes.map((o) => o.id));
  const stranded = new Map<string, Set<string>>();
  for (const m of input.mappings) {
    const target = current.has(m.subject) ? m.subject : replacement.get(m.subject);
    if (target === undefined) {
      // An obsolete class without a served replacement still names the code: said as such, not dropped.
      if (obsolete.has(m.subject)) (stranded.get(m.object) ?? stranded.set(m.object, new Set()).get(m.object)!).add(m.subject);
      if (obsolete.has(m.subject) && m.objectLabel && labels[m.object] === undefined) labels[m.object] = m.objectLabel;
      continue;
    }
    const setName = m.set ?? `mondo_${m.predicate.toLowerCase()}`;
    const key = `${setName}\0${m.predicate}`;
    let s = setIndex.get(key);
    if (s === undefined) {
      s = sets.push({ set: setName, predicate: m.predicate }) - 1;
      setIndex.set(key, s);
    }
    const via = target === m.subject ? null : m.subject;
    let targets = byCode.get(m.object);
    if (!targets) byCode.set(m.object, (targets = new Map()));
    const prev = targets.get(target);
    // The most specific predicate wins; between equals, a direct mapping beats one through an obsolete class.
    if (
      !prev ||
      RANK.get(m.predicate)! < RANK.get(sets[prev[0]].predicate)! ||
      (RANK.get(m.predicate) === RANK.get(sets[prev[0]].predicate) && prev[1] !== null && via === null)
    )
      targets.set(target, [s, via]);
    if (m.objectLabel && labels[m.object] === undefined) labels[m.object] = m.objectLabel;
  }
  const xrefs: Record<string, XrefTargetRow[]> = {};
  for (const code of [...byCode.keys()].sort()) {
    const rows: XrefTargetRow[] = [...byCode.get(code)!].map(([id, [s, via]]) => [id, s, via]);
    rows.sort((a, b) => RANK.get(sets[a[1]].predicate)! - RANK.get(sets[b[1]].predicate)! || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    xrefs[code] = rows;
  }
  const obsoleteXrefs: Record<string, string[]> = {};
  for (const code of [...stranded.keys()].sort()) obsoleteXrefs[code] = [...stranded.get(code)!].sort();
  const parents: Record<string, string[]> = {};
  const geneDiseases: Record<string, GeneDiseaseRow[]> = {};
  for (const r of input.records) {
    const ps = r.parents.map((p) => p.id).filter((p) => current.has(p));
    if (ps.length > 0) parents[r.id] = ps;
    for (const g of r.genes)
      (geneDiseases[g.hgncId] ??= []).push([
        r.id,
        g.association,
        [...new Set(g.sources.map((s) => `${s.source}\t${s.release}`))].sort().map((s) => s.split('\t') as [string, string]),
      ]);
  }
  const genes: GeneRow[] = input.hgnc
    .filter((g) => g.status === 'Approved')
    .map((g) => [g.hgncId, g.symbol, g.name, g.locusType, g.prevSymbols, g.aliasSymbols]);
  return { format: 1, releases: input.releases, mappingSets: sets, xrefs, obsoleteXrefs, xrefLabels: labels, parents, genes, geneDiseases };
}
