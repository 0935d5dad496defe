/**
 * Release ids and the facts the API states about releases: the id form, the `latest` alias, the
 * kinds of change a release lists, and the cache header of what never changes.
 */

/** Release ids are `r` + the release's sequence number: r1 is the first build of a fresh dist/. */
export const RELEASE_ID_PATTERN = '^r[1-9][0-9]{0,8}$';
/** The path alias of the newest release. */
export const LATEST_RELEASE = 'latest';
const RELEASE_ID = new RegExp(RELEASE_ID_PATTERN);

/** `r<n>` of release number n. */
export function releaseId(n: number): string {
  return `r${n}`;
}

/** The number of a release id (`r12` -> 12); NaN for anything that is not a release id. */
export function releaseNumber(id: string): number {
  return RELEASE_ID.test(id) ? Number(id.slice(1)) : NaN;
}

/**
 * Publication order of a release id: its number, and 0 for anything else, so that a marker taken
 * before the history existed (a webhook baseline) orders before r1.
 */
export function releaseOrder(id: string): number {
  const n = releaseNumber(id);
  return Number.isNaN(n) ? 0 : n;
}

/**
 * Old versions never change: any cache may keep them for a year without asking again, a shared
 * one (a CDN, a proxy) included. `public` is what lets a shared cache store an answer to a request
 * that carried Authorization (RFC 9111 section 3.5); the bytes are the same for every caller.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** What a release did to a disease. */
export const CHANGE_KINDS = ['added', 'changed', 'removed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
