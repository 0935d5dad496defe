import type { RouteTag } from '../http/route-spec.ts';
import { ANNOTATE_ROUTES } from './annotate-routes.ts';
import { BULK_ROUTES } from './bulk-routes.ts';
import { DISEASE_RESOURCE_ROUTES } from './disease-resource-routes.ts';
import { DISEASE_ROUTES } from './disease-routes.ts';
import { DOWNLOAD_ROUTES } from './download-routes.ts';
import { GENE_ROUTES } from './gene-routes.ts';
import { HIERARCHY_ROUTES } from './hierarchy-routes.ts';
import { LISTING_ROUTES } from './listing-routes.ts';
import { MATCH_ROUTES } from './match-routes.ts';
import { PHENOTYPE_ROUTES } from './phenotype-routes.ts';
import { RELEASE_ROUTES } from './release-routes.ts';
import type { Route } from './route-def.ts';
import { SEARCH_ROUTES } from './search-routes.ts';
import { SERVICE_ROUTES } from './service-routes.ts';
import { VERSION_ROUTES } from './version-routes.ts';
import { WEBHOOK_ROUTES } from './webhook-routes.ts';
import { XREF_ROUTES } from './xref-routes.ts';

/**
 * Every route of the API, once, keyed by its operation id, in the order of the OpenAPI document's
 * paths: the app registers each, and the document describes each (server/openapi/). A new route
 * module joins here. The order is the document's only: the router prefers a static segment to a
 * parameter wherever they meet (server/http/router.ts).
 */
export const ROUTES = {
  ...LISTING_ROUTES,
  ...SEARCH_ROUTES,
  ...MATCH_ROUTES,
  ...BULK_ROUTES,
  ...DISEASE_ROUTES,
  ...DISEASE_RESOURCE_ROUTES,
  ...ANNOTATE_ROUTES,
  ...PHENOTYPE_ROUTES,
  ...XREF_ROUTES,
  ...HIERARCHY_ROUTES,
  ...GENE_ROUTES,
  ...RELEASE_ROUTES,
  ...VERSION_ROUTES,
  ...DOWNLOAD_ROUTES,
  ...SERVICE_ROUTES,
  ...WEBHOOK_ROUTES,
};

export type OperationId = keyof typeof ROUTES;

/** Every route with its operation id, in table order. */
export const ROUTE_LIST: readonly (Route & { operationId: OperationId })[] = Object.entries(ROUTES).map(([operationId, r]) => ({
  ...(r as Route),
  operationId: operationId as OperationId,
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
