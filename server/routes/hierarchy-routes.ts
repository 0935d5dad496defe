import { diseaseResourcePath, diseasePath } from '../contract/api/paths.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { params } from '../http/param-schemas.ts';
import { badRequest } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pageLinks } from './collection-shapes.ts';
import { DISEASE_PATH, pageParams } from './common-params.ts';
import { diseaseFilter, FILTER_PARAMS, filterContext, filterProblems } from './disease-filters.ts';
import { type RouteDeps, route } from './route-def.ts';

/** The is_a hierarchy around a disease: its parents, children, ancestors and descendants, with the disease filters. */

export type HierarchyKind = 'parents' | 'children' | 'ancestors' | 'descendants';

const HIERARCHY_TEXT =
  "Each item has the disease id, name and `distance` (1 for a direct parent or child; the shortest path where there are several), ordered by distance, then id. The hierarchy is the served is_a hierarchy of Mondo (classes this service does not serve are skipped). The listing's filters narrow the items (`total` counts those kept).";

const HIERARCHY = {
  tag: 'Disease resources',
  resolvesDisease: true,
  pathParams: DISEASE_PATH,
  scope: 'read',
  link: true,
  query: params({ ...pageParams('diseases'), ...FILTER_PARAMS }),
  path: diseaseResourcePath('record'),
  summary: '',
  description: '',
  ok: { description: '', schema: 'HierarchyListResponse' },
} as const;

/** One hierarchy route: its path suffix, summary and description. */
function hierarchyRoute(kind: HierarchyKind, summary: string, description: string, what: string) {
  return route(
    {
      ...HIERARCHY,
      path: `${diseaseResourcePath('record')}/${kind}`,
      summary,
      description: `${description} ${HIERARCHY_TEXT} Added in v1.4.0.`,
      ok: { description: `One page of ${what}.`, schema: 'HierarchyListResponse' },
    },
    (deps) => hierarchyResource(deps, kind),
  );
}

export const HIERARCHY_ROUTES = {
  listDiseaseParents: hierarchyRoute(
    'parents',
    'Direct parents in the hierarchy',
    'The diseases this one is directly an is_a subclass of.',
    'parents',
  ),
  listDiseaseChildren: hierarchyRoute(
    'children',
    'Direct children in the hierarchy',
    'The diseases that are directly an is_a subclass of this one.',
    'children',
  ),
  listDiseaseAncestors: hierarchyRoute(
    'ancestors',
    'Every ancestor in the hierarchy',
    'Parents, their parents and so on up to the root.',
    'ancestors',
  ),
  listDiseaseDescendants: hierarchyRoute(
    'descendants',
    'Every descendant in the hierarchy',
    'Children, their children and so on.',
    'descendants',
  ),
};

/** The classes of one kind around a disease, each with its distance, ordered by distance then id. */
export function hierarchyOf(snap: Snapshot, id: string, kind: HierarchyKind): { id: string; distance: number }[] {
  const lk = snap.lookups;
  switch (kind) {
    case 'parents':
      return lk.parents(id).map((p) => ({ id: p, distance: 1 }));
    case 'children':
      return lk.children(id).map((c) => ({ id: c, distance: 1 }));
    case 'ancestors':
      return lk.reach(id, 'up');
    case 'descendants':
      return lk.reach(id, 'down');
  }
}

/** One page of the classes of one kind around the disease, through the request's filters. */
function hierarchyResource({ snapshot, engine }: RouteDeps, kind: HierarchyKind): RouteHandler<typeof HIERARCHY> {
  return function hierarchyHandler(req, res, { path, query }): void {
    const snap = snapshot();
    const ctx = filterContext(snap, engine());
    const invalid = filterProblems(query, ctx);
    if (invalid.length > 0) return badRequest(req, res, invalid);
    const keep = diseaseFilter(query, ctx);
    const passes = (id: string) => {
      const row: ListingRow | undefined = snap.rowById.get(id);
      return row !== undefined && keep!(row);
    };
    const all = hierarchyOf(snap, path.mondoId, kind).filter((c) => keep === null || passes(c.id));
    const { limit, offset } = query;
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, limit, offset, all.length);
    const data = all.slice(offset, offset + limit).map(({ id, distance }) => ({
      id,
      name: snap.rowById.get(id)?.name ?? id,
      distance,
      links: { self: diseasePath(id) },
    }));
    const disease = { id: path.mondoId, name: snap.rowById.get(path.mondoId)?.name ?? path.mondoId };
    req.ctx.cache = 'computed';
    const body = Buffer.from(JSON.stringify({ disease, data, pagination, links }));
    sendComposed(req, res, body, PRIVATE, undefined, linkHeader ? ['Link', linkHeader] : []);
  };
}
