import { API_BASE, MONDO_ID_PATTERN } from './base.ts';
import { DISEASE_ROUTES } from './disease-routes.ts';
import { HISTORY_ROUTES } from './history-routes.ts';
import { PHENOTYPE_ROUTES } from './phenotype-routes.ts';
import { DOWNLOAD_ROUTES } from './download-routes.ts';
import { LOOKUP_ROUTES } from './lookup-routes.ts';
import type { RouteDef, RouteTag } from './route-def.ts';
import { SERVICE_ROUTES } from './service-routes.ts';
import { WEBHOOK_ROUTES } from './webhook-routes.ts';

/**
 * Every route of the API, once: the server registers its handlers from this table, validates
 * requests against its parameter schemas before a handler runs, and resolves a disease id where a
 * route says so; the build writes the OpenAPI paths from it; the route map derives the stored
 * per-disease resources from it. Paths are in OpenAPI form (`{mondoId}`). Each group of routes
 * lives in its own file; this one joins them in display order.
 */

export { API_BASE, MONDO_ID_PATTERN };

export const ROUTES = {
  ...DISEASE_ROUTES,
  ...PHENOTYPE_ROUTES,
  ...LOOKUP_ROUTES,
  ...HISTORY_ROUTES,
  ...DOWNLOAD_ROUTES,
  ...SERVICE_ROUTES,
  ...WEBHOOK_ROUTES,
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;

export type OperationId = keyof typeof ROUTES;

/** Every route with its operation id, in table order (the order of the OpenAPI paths). */
export const ROUTE_LIST: readonly (RouteDef & { operationId: OperationId })[] = Object.entries(ROUTES).map(([operationId, r]) => ({
  operationId: operationId as OperationId,
  ...r,
}));

/** Tags in display order, with what each groups. */
export const TAGS: { name: RouteTag; description: string }[] = [
  { name: 'Diseases', description: 'Listing, search, bulk fetch and the disease record in its views.' },
  { name: 'Disease resources', description: 'Sub-resources of one disease.' },
  {
    name: 'Phenotypes',
    description: 'HPO terms: find them by typed words, and see their neighbours and the diseases annotated with them.',
  },
  {
    name: 'Lookups',
    description: "Find a disease the way users hold it: by a code of another system (Mondo's mappings) or by a gene.",
  },
  { name: 'History', description: 'Releases, what each changed, and the version history of every disease.' },
  {
    name: 'Webhooks',
    description:
      'Signed change notifications: subscriptions, test events and delivery history. Needs the `webhooks` scope (professional and enterprise keys).',
  },
  { name: 'Service', description: 'Public endpoints: the specification and the health check.' },
];
