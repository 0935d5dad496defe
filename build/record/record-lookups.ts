import type { LoadResult } from '../ingest/load-sources.ts';
import { type ParentClass, descendantCounter } from './class-naming.ts';
import type { DiseaseSet } from './disease-set.ts';
import { restrictedLabel } from './name-checks.ts';
import { NameIndex, normalizeName } from './name-index.ts';
import type { CrossRefIndex } from './cross-refs.ts';
import type { RecordFacts } from './record-facts.ts';
import { nameWords } from './synonyms.ts';

/**
 * Look-ups built once over all classes for the record rules: who owns a name (SYNONYM_RULE), the scope a
 * synonym links with (LINK_RELATION_RULE), the names free text is linked by, and what CLASS_NAMING_RULE reads of a record and its parents.
 */

/**
 * The scope of a class's synonym ('broad', 'narrow', ...), for the relation of a designation linked through it: Mondo's, else as
 * the record sorts it (SYNONYM_RULE, OTHER_NAME_RULE): the name of a class below, or the label with a word of patient group, is narrow;
 * the name of a class above is broad.
 */
export function synonymScopes(data: LoadResult['data'], set: DiseaseSet, owners: (key: string) => readonly string[]) {
  return (id: string, text: string): string | null => {
    const key = normalizeName(text);
    const given = data.mondoSynonyms.get(id)?.find((s) => normalizeName(s.text) === key)?.scope ?? null;
    if (given) return given;
    const others = owners(nameWords(text)).filter((o) => o !== id);
    if (others.some((o) => set.ancestors(id).includes(o))) return 'broad';
    if (others.some((o) => set.ancestors(o).includes(id)) || restrictedLabel(text, set.labels.get(id) ?? '')) return 'narrow';
    return null;
  };
}

/**
 * The classes each name belongs to, by its words (nameWords): `names` over labels and Mondo synonyms of included classes,
 * `labels` over labels alone.
 */
export function nameOwners(data: LoadResult['data'], set: DiseaseSet): Record<'names' | 'labels', (key: string) => readonly string[]> {
  const names = new Map<string, string[]>();
  const labels = new Map<string, string[]>();
  const add = (owners: Map<string, string[]>, id: string, text: string) => {
    const key = nameWords(text);
    const list = owners.get(key) ?? owners.set(key, []).get(key)!;
    if (!list.includes(id)) list.push(id);
  };
  for (const id of set.ids) {
    add(names, id, set.labels.get(id)!);
    add(labels, id, set.labels.get(id)!);
    for (const s of data.mondoSynonyms.get(id) ?? []) add(names, id, s.text);
  }
  return { names: (key) => names.get(key) ?? [], labels: (key) => labels.get(key) ?? [] };
}

/** What CLASS_NAMING_RULE reads of a record: its name, other names and definition. */
export function namingSubject(f: RecordFacts) {
  return {
    name: f.name,
    otherNames: f.synonyms.filter((s) => s.kind === 'name').map((s) => s.text),
    definition: f.definition?.text ?? null,
  };
}

/** A record's parents as CLASS_NAMING_RULE reads them: classes below, Mondo subsets, organizing or not. */
export function parentClassLookup(set: DiseaseSet, subsets: ReadonlyMap<string, string[]>): (f: RecordFacts) => ParentClass[] {
  const descendants = descendantCounter(set.children);
  const root = (id: string) => (set.parents.get(id) ?? []).length === 0;
  const organizing = (id: string) => root(id) || (set.parents.get(id) ?? []).every(root);
  return (f) =>
    f.parents.map((p) => ({
      id: p.id,
      name: p.name,
      descendants: descendants(p.id),
      subsets: subsets.get(p.id) ?? [],
      organizing: organizing(p.id),
    }));
}

/**
 * The names free text is linked by (designations, trial conditions): every included class's label,
 * its Mondo synonyms and the labels of its exact-match cross-references; a text shared by a class
 * and its ancestor names the ancestor.
 */
export function diseaseNameIndex(data: LoadResult['data'], set: DiseaseSet, xrefs: CrossRefIndex): NameIndex {
  // Causal genes (Mondo) by HGNC approved symbol, for "SCN2A developmental and epileptic encephalopathy" (LINKING_RULES).
  const symbolOf = new Map(data.hgnc.filter((g) => g.status === 'Approved').map((g) => [g.hgncId, g.symbol]));
  const byGene = new Map<string, string[]>();
  for (const { mondoId, hgncId } of data.geneLinks) {
    const symbol = symbolOf.get(hgncId);
    if (symbol === undefined || !set.labels.has(mondoId)) continue;
    const list = byGene.get(symbol) ?? byGene.set(symbol, []).get(symbol)!;
    if (!list.includes(mondoId)) list.push(mondoId);
  }
  const names = new NameIndex(
    (id) => set.ancestors(id),
    (symbol) => byGene.get(symbol) ?? [],
  );
  for (const id of set.ids) {
    names.add(id, set.labels.get(id)!, 'name');
    for (const s of data.mondoSynonyms.get(id) ?? []) names.add(id, s.text, 'synonym');
    for (const { label } of xrefs.exactLabels.get(id) ?? []) names.add(id, label, 'synonym');
  }
  return names;
}
