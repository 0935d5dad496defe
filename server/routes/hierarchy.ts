import { diseasePath } from '../contract/api/paths.ts';
import type { ROUTES } from '../contract/api/routes.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pageLinks } from './collection-shapes.ts';

export type HierarchyKind = 'parents' | 'children' | 'ancestors' | 'descendants';
type HierarchyRoute = (typeof ROUTES)['listDiseaseParents'];

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

/** GET /api/v1/diseases/{mondoId}/parents, /children, /ancestors, /descendants: one page. */
export function hierarchyResource(getSnapshot: () => Snapshot, kind: HierarchyKind): RouteHandler<HierarchyRoute> {
  return function hierarchyHandler(req, res, { path, query }): void {
    const snap = getSnapshot();
    const all = hierarchyOf(snap, path.mondoId, kind);
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
