import { API_BASE } from './base.ts';
import { DISEASE_RESOURCES, type DiseaseResource } from './route-def.ts';
import { ROUTE_LIST, ROUTES } from './routes.ts';

/** Public URL paths of resources, from the route table: for links in bodies and Location headers. */

const DISEASE_PREFIX = `${API_BASE}/diseases/{mondoId}`;

/** Path suffix of each resource after /api/v1/diseases/{mondoId}, from the route table. */
export const RESOURCE_PATHS = Object.fromEntries(
  DISEASE_RESOURCES.map((res) => {
    const route = ROUTE_LIST.find((r) => r.stored === res);
    if (!route?.path.startsWith(DISEASE_PREFIX)) throw new Error(`no per-disease route serves the stored resource ${res}`);
    return [res, route.path.slice(DISEASE_PREFIX.length)];
  }),
) as Record<DiseaseResource, string>;

/** A route's path with its `{name}` parameters filled in. */
export function fillPath(path: string, values: Readonly<Record<string, string | number>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** Public URL path of a per-disease resource. */
export function diseasePath(mondoId: string, resource: DiseaseResource = 'record'): string {
  return `${API_BASE}/diseases/${mondoId}${RESOURCE_PATHS[resource]}`;
}

/** Public URL path of a disease's version list. */
export function versionsPath(mondoId: string): string {
  return fillPath(ROUTES.listDiseaseVersions.path, { mondoId });
}

/** Public URL path of one version of a disease. */
export function versionPath(mondoId: string, version: number): string {
  return fillPath(ROUTES.getDiseaseVersion.path, { mondoId, version });
}

/** Public URL path of a release. */
export function releasePath(releaseId: string): string {
  return fillPath(ROUTES.getRelease.path, { releaseId });
}

/** Public URL path of a release's change list. */
export function releaseChangesPath(releaseId: string): string {
  return fillPath(ROUTES.listReleaseChanges.path, { releaseId });
}

/** Public URL path of an HPO term. */
export function phenotypePath(hpoId: string): string {
  return fillPath(ROUTES.getPhenotype.path, { hpoId });
}
