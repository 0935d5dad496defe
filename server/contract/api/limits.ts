/**
 * Page sizes and the bulk limit: the route modules' parameter schemas take them from here, and the
 * build precomputes the first page of each paged sub-resource with PAGE_DEFAULT items.
 */

/** Most items one page of a collection holds. */
export const PAGE_MAX = 100;
/** Items on a page when `limit` is not given. */
export const PAGE_DEFAULT = 20;
/** Most diseases one bulk call takes (the interface's limit), and most codes one xref batch takes. */
export const BULK_MAX = 50;
