import type { OrphanDesignation } from '../ingest/source-types.ts';
import { synonymScopeRelation } from './designation-relation.ts';
import { matchDesignation } from './designation-match.ts';
import type { OwnFacts } from './relation-scope.ts';
import { normalizeName, type NameIndex } from './name-index.ts';
import type { DesignationLink, LinkRelation } from './record-types.ts';
import { COVERS } from './approval-cover.ts';

/** The Mondo scope of a synonym of a class ('broad', 'narrow', ...); null when unknown or not a synonym. */
export type SynonymScopeLookup = (id: string, text: string) => string | null;

/**
 * Every disease the rows of one designation name, with how (method, field, relation). A link
 * through an approved labeled indication alone is dropped when the approval covers more than the
 * designation: the designation text names other diseases, the approval names one of them (or a class
 * above or below one) beside this one, and this one is none of them, no class above or below one, no
 * form of one by name ("primary myelofibrosis" of "myelofibrosis"), and not the disease of the patients
 * in whom one of them is treated ("iron overload due to thalassemia syndromes"). So a primary
 * mediastinal B-cell lymphoma designation whose approval reads "large B-cell lymphoma, including ...
 * high-grade B-cell lymphoma" is not listed on high-grade B-cell lymphoma, and a designation for
 * hyperphenylalaninemia whose approval names only phenylketonuria still is.
 */
export function designationLinks(
  known: OrphanDesignation[],
  index: NameIndex,
  scopeOf: SynonymScopeLookup,
  ownOf: (id: string) => OwnFacts,
): { links: Map<string, DesignationLink[]>; approvals: Map<string, LinkRelation[]> } {
  const links = new Map<string, DesignationLink[]>();
  // Every disease an approved indication names, with the relations of those links (APPROVAL_COVER_RULE), kept through the pruning below.
  const approvals = new Map<string, LinkRelation[]>();
  // The condition words of each complication an approval names, by disease (a link keeps only its first row's).
  const treatedIn = new Map<string, string[]>();
  for (const row of known) {
    for (const { hit, method, field, decision } of matchDesignation(row, index, ownOf).hits) {
      for (const id of hit.ids) {
        const list = links.get(id) ?? links.set(id, []).get(id)!;
        const scoped = method.endsWith('synonym') ? synonymScopeRelation(scopeOf(id, hit.text), hit.text) : null;
        const { relation, decidedBy } = scoped ?? decision;
        if (field === 'approvedIndication') (approvals.get(id) ?? approvals.set(id, []).get(id)!).push(relation);
        if (field === 'approvedIndication' && relation === 'complication')
          (treatedIn.get(id) ?? treatedIn.set(id, []).get(id)!).push(` ${normalizeName(decidedBy)} `);
        if (!list.some((l) => l.method === method && l.matchedText === hit.text && l.field === field))
          list.push({ method, matchedText: hit.text, field, relation, decidedBy, covers: COVERS[relation] });
      }
    }
  }
  const named = [...links].filter(([, list]) => list.some((l) => l.field === 'designation')).map(([id]) => id);
  if (named.length === 0) return { links, approvals };
  const related = (id: string) => named.some((n) => n === id || index.isAncestorOfAny(n, [id]) || index.isAncestorOfAny(id, [n]));
  const approvalNamesDesignation = [...links].some(([id, list]) => list.some((l) => l.field === 'approvedIndication') && related(id));
  if (!approvalNamesDesignation) return { links, approvals };
  const designationNames = [...links.values()].flatMap((list) =>
    list.filter((l) => l.field === 'designation').map((l) => normalizeName(l.matchedText)),
  );
  const formOf = (a: string, b: string) => a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
  for (const [id, list] of links) {
    if (list.some((l) => l.field === 'designation') || related(id)) continue;
    const names = list.map((l) => normalizeName(l.matchedText));
    if (names.some((n) => designationNames.some((d) => formOf(n, d)))) continue;
    const host = (treatedIn.get(id) ?? []).some((words) => designationNames.some((d) => words.includes(` ${d} `)));
    if (!host) links.delete(id);
  }
  return { links, approvals };
}
