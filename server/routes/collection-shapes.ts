import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { diseasePath } from '../contract/api/paths.ts';

/** A listing item: the identity and content flags of one disease, with its link. */
export function listingItem(r: ListingRow) {
  return {
    id: r.id,
    name: r.name,
    isRare: r.isRare,
    hasContent: r.hasContent,
    hasExpertContent: r.hasExpertContent,
    hasCuratedDefinition: r.hasCuratedDefinition,
    definitionSource: r.definitionSource,
    qualityScore: r.qualityScore,
    updatedAt: r.updatedAt,
    links: { self: diseasePath(r.id) },
  };
}

/** A search item: the listing fields plus the trial, vocabulary and gene fields search filters on. */
export function searchItem(r: ListingRow) {
  return {
    ...listingItem(r),
    hasActiveTrials: r.activeTrialCount > 0,
    activeTrialCount: r.activeTrialCount,
    trialCount: r.trialCount,
    inheritancePatterns: r.inheritance,
    onsetCategories: r.onset,
    prevalenceCategory: r.prevalenceCategory,
    genes: r.genes,
  };
}

/**
 * Pagination object and self/first/last/next/prev links that keep every other query parameter.
 * `last` is the page holding the last item (the first page when there is none); `prev` of a page
 * past the end is the last page, never a page past the end.
 */
export function pageLinks(
  path: string,
  query: Record<string, string | string[] | undefined>,
  limit: number,
  offset: number,
  total: number,
) {
  const at = (o: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (k !== 'offset' && k !== 'limit' && typeof v === 'string') q.set(k, v);
    q.set('limit', String(limit));
    q.set('offset', String(o));
    return `${path}?${q.toString()}`;
  };
  const hasMore = offset + limit < total;
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const links = {
    self: at(offset),
    first: at(0),
    last: at(lastOffset),
    next: hasMore ? at(offset + limit) : null,
    prev: offset > 0 ? at(Math.max(0, Math.min(offset - limit, lastOffset))) : null,
  };
  const header = (['first', 'prev', 'next', 'last'] as const)
    .filter((k) => links[k])
    .map((k) => `<${links[k]}>; rel="${k}"`)
    .join(', ');
  return { pagination: { limit, offset, total, hasMore }, links, linkHeader: header };
}
