import { API_BASE } from './base.ts';
import { DISEASE_PATH, NO_PARAMS } from './disease-params.ts';
import { GENE_PATH, HIERARCHY_QUERY, XREF_BATCH_MAX, XREF_BATCH_QUERY, XREF_PATH } from './lookup-params.ts';
import type { RouteDef } from './route-def.ts';

/** The lookup routes: a disease by a code of another system, the is_a hierarchy, and genes. */

const disease = (suffix: string): string => `${API_BASE}/diseases/{mondoId}${suffix}`;
const hierarchy = {
  tag: 'Disease resources',
  resolvesDisease: true,
  pathParams: DISEASE_PATH,
  scope: 'read',
  link: true,
  query: HIERARCHY_QUERY,
} as const;
const HIERARCHY_TEXT =
  'Each item has the disease id, name and `distance` (1 for a direct parent or child; the shortest path where there are several), ordered by distance, then id. The hierarchy is the served is_a hierarchy of Mondo (classes this service does not serve are skipped).';

export const LOOKUP_ROUTES = {
  getXref: {
    path: `${API_BASE}/xrefs/{curie}`,
    tag: 'Lookups',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: XREF_PATH,
    notFound: 'a well-formed code that no Mondo mapping names.',
    summary: 'Mondo diseases mapped to a code of another system',
    description:
      "Every current Mondo disease mapped to the code in Mondo's SSSOM mappings, with the mapping predicate Mondo states from the disease to the code (`exactMatch`, `closeMatch`, `narrowMatch`: the code is narrower, `broadMatch`: the code is broader, `relatedMatch`, or `hasDbXref`: a plain cross-reference; the most specific one where there are several) and the mapping set and release it comes from. Exact matches first. A mapping to an obsolete Mondo class is followed to its replacement (`obsoleteId` names the class it was stated for). Added in v1.4.0.",
    ok: { description: 'The code and its diseases.', schema: 'XrefResponse' },
  },
  getXrefs: {
    path: `${API_BASE}/xrefs`,
    tag: 'Lookups',
    scope: 'read',
    query: XREF_BATCH_QUERY,
    pathParams: NO_PARAMS,
    summary: `Map up to ${XREF_BATCH_MAX} codes at once`,
    description:
      "One item per requested code, in request order, with a status per code (`found` with its diseases as in `/xrefs/{curie}`, `not_found`, `malformed` for a code not of its system's shape or with a prefix no mapping uses) and counts per status in `meta`. Added in v1.4.0.",
    ok: { description: 'The outcome for every requested code.', schema: 'XrefBatchResponse' },
  },
  listDiseaseParents: {
    ...hierarchy,
    path: disease('/parents'),
    summary: 'Direct parents in the hierarchy',
    description: `The diseases this one is directly an is_a subclass of. ${HIERARCHY_TEXT} Added in v1.4.0.`,
    ok: { description: 'One page of parents.', schema: 'HierarchyListResponse' },
  },
  listDiseaseChildren: {
    ...hierarchy,
    path: disease('/children'),
    summary: 'Direct children in the hierarchy',
    description: `The diseases that are directly an is_a subclass of this one. ${HIERARCHY_TEXT} Added in v1.4.0.`,
    ok: { description: 'One page of children.', schema: 'HierarchyListResponse' },
  },
  listDiseaseAncestors: {
    ...hierarchy,
    path: disease('/ancestors'),
    summary: 'Every ancestor in the hierarchy',
    description: `Parents, their parents and so on up to the root. ${HIERARCHY_TEXT} Added in v1.4.0.`,
    ok: { description: 'One page of ancestors.', schema: 'HierarchyListResponse' },
  },
  listDiseaseDescendants: {
    ...hierarchy,
    path: disease('/descendants'),
    summary: 'Every descendant in the hierarchy',
    description: `Children, their children and so on. ${HIERARCHY_TEXT} Added in v1.4.0.`,
    ok: { description: 'One page of descendants.', schema: 'HierarchyListResponse' },
  },
  getGene: {
    path: `${API_BASE}/genes/{gene}`,
    tag: 'Lookups',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: GENE_PATH,
    notFound: 'a symbol or id that names no approved HGNC gene, or a previous symbol or alias shared by several.',
    summary: 'A gene and its diseases',
    description:
      'The approved HGNC gene (HGNC id, symbol, name, previous symbols, aliases, locus type) and every current disease whose record names it, with the association kind and the sources that state it. A previous symbol or an alias that names exactly one approved gene answers 308 to the current symbol. Added in v1.4.0.',
    ok: { description: 'The gene and its diseases.', schema: 'GeneResponse' },
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
