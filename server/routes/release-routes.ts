import type { Change, ReleaseEntry } from '../contract/snapshot/history.ts';
import { releaseNumber } from '../contract/api/releases.ts';
import { diseasePath, releaseChangesPath, releasePath, versionPath, versionsPath } from '../contract/api/paths.ts';
import type { Req, Res } from '../http/context.ts';
import { PageCache } from '../http/page-cache.ts';
import { badRequest, problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pageLinks } from './collection-shapes.ts';
import { API_BASE } from '../contract/api/base.ts';
import { PATHS } from '../contract/api/paths.ts';
import { CHANGE_KINDS, RELEASE_ID_PATTERN } from '../contract/api/releases.ts';
import { params } from '../http/param-schemas.ts';
import { NO_PARAMS, pageParams, RELEASE_PATH } from './common-params.ts';
import { route } from './route-def.ts';

/** Releases and what each changed. */

const RELEASES = {
  path: `${API_BASE}/releases`,
  tag: 'History',
  scope: 'read',
  link: true,
  query: params(pageParams('releases')),
  pathParams: NO_PARAMS,
  summary: 'Published releases, newest first',
  description:
    'Every release kept: its id, when it was published, the release of every source that went into it, the code that built it, and how many diseases it added, changed, removed and left unchanged. A build publishes a release when a disease was added, changed or removed or a source changed; a build with unchanged inputs publishes nothing. Added in v1.3.0.',
  ok: { description: 'One page of releases.', schema: 'ReleaseListResponse' },
} as const;

const RELEASE = {
  path: PATHS.release,
  tag: 'History',
  scope: 'read',
  query: NO_PARAMS,
  pathParams: RELEASE_PATH,
  notFound: 'a release never published, or older than the history kept.',
  summary: 'One release',
  description: 'One release, as in the list. Added in v1.3.0.',
  ok: { description: 'The release.', schema: 'ReleaseResponse' },
} as const;

const CHANGES = {
  path: PATHS.releaseChanges,
  tag: 'History',
  scope: 'read',
  link: true,
  query: params({
    kind: {
      type: 'array',
      items: { type: 'string', enum: CHANGE_KINDS },
      minItems: 1,
      example: ['changed', 'removed'],
      description: `Only changes of these kinds, comma-separated: ${CHANGE_KINDS.map((k) => `\`${k}\``).join(', ')}.`,
    },
    since: {
      type: 'string',
      pattern: RELEASE_ID_PATTERN,
      'x-malformed': 'r followed by the release number (e.g. r12)',
      example: 'r1',
      description:
        'Every change after this release, up to and including `{releaseId}`, merged per disease: `before` is the version at `since`, `after` the version at `{releaseId}`, `sections` and `fields` every one that changed in between. A disease added and removed again in between is left out. `since` equal to `{releaseId}` gives an empty list; a later release is a 400; one whose successors are not all kept is a 404.',
    },
    ...pageParams('changes'),
  }),
  pathParams: RELEASE_PATH,
  notFound: 'a release (`{releaseId}` or `since`) never published, or older than the history kept.',
  summary: 'Diseases a release added, changed or removed',
  description:
    'The change list of a release in Mondo id order: per disease its kind, the sections and top-level fields that changed, and its version before and after; a removed disease names its replacement. With `since`, every change after that release merged per disease, so a client that polls catches up in one paginated walk: keep `meta.release` and pass it as `since` next time (`/releases/latest/changes?since=r12`). Added in v1.3.0.',
  ok: { description: 'One page of changes.', schema: 'ChangeListResponse' },
} as const;

export const RELEASE_ROUTES = {
  listReleases: route(RELEASES, ({ snapshot }) => releasesResource(snapshot)),
  getRelease: route(RELEASE, ({ snapshot }) => releaseResource(snapshot)),
  listReleaseChanges: route(CHANGES, ({ snapshot }) => releaseChangesResource(snapshot)),
};

type GetSnapshot = () => Snapshot;

/** A release as the API shows it: everything releases.json keeps but the change list's object, plus links. */
function releaseItem(r: ReleaseEntry) {
  return {
    id: r.id,
    publishedAt: r.publishedAt,
    previous: r.previous,
    snapshot: r.snapshot,
    code: r.code,
    sources: r.sources,
    counts: r.counts,
    links: { self: releasePath(r.id), changes: releaseChangesPath(r.id), previous: r.previous ? releasePath(r.previous) : null },
  };
}

/** A change as the API shows it, with links to the disease, the version it reached and its history. */
function changeItem(c: Change) {
  return {
    ...c,
    links: { disease: diseasePath(c.id), version: c.after ? versionPath(c.id, c.after.version) : null, history: versionsPath(c.id) },
  };
}

/** The cache key of a request on routes with path parameters: the path is part of it. */
const pageKey = (cache: PageCache, snap: Snapshot, req: Req) => cache.key(`${snap.manifest.snapshot}\0${req.path}`, req);

/** Answer from a freshly composed collection body and keep it for the same request. */
function sendPage(cache: PageCache, key: string, req: Req, res: Res, data: object, linkHeader = ''): void {
  const body = Buffer.from(JSON.stringify(data));
  const page = { body, etag: etagOfBytes(body), headers: linkHeader ? ['Link', linkHeader] : [] };
  cache.set(key, page);
  req.ctx.cache = 'computed';
  sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
}

function unknownRelease(req: Req, res: Res, snap: Snapshot, id: string): void {
  const h = snap.history;
  const kept = h.releases.length ? `releases kept: ${h.releases[0].id} to ${h.newestFirst[0].id}` : 'no release is published yet';
  sendProblem(req, res, problem('not-found', `No release ${id}: ${kept}.`));
}

/** GET /releases: releases newest first, paginated like the listing. */
function releasesResource(getSnapshot: GetSnapshot, cacheEntries = 200): RouteHandler<typeof RELEASES> {
  const cache = new PageCache(cacheEntries);
  return function releasesHandler(req, res, { query }): void {
    const snap = getSnapshot();
    const key = pageKey(cache, snap, req);
    if (cache.serve(key, req, res)) return;
    const { limit, offset } = query;
    const all = snap.history.newestFirst;
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, limit, offset, all.length);
    const body = { data: all.slice(offset, offset + limit).map(releaseItem), pagination, links };
    sendPage(cache, key, req, res, body, linkHeader);
  };
}

/** GET /releases/{releaseId}. */
function releaseResource(getSnapshot: GetSnapshot): RouteHandler<typeof RELEASE> {
  const cache = new PageCache(200);
  return function releaseHandler(req, res, { path }): void {
    const snap = getSnapshot();
    const key = pageKey(cache, snap, req);
    if (cache.serve(key, req, res)) return;
    const release = snap.history.find(path.releaseId);
    if (!release) return unknownRelease(req, res, snap, path.releaseId);
    sendPage(cache, key, req, res, { data: releaseItem(release) });
  };
}

/** GET /releases/{releaseId}/changes[?kind&since&limit&offset]. */
function releaseChangesResource(getSnapshot: GetSnapshot, cacheEntries = 500): RouteHandler<typeof CHANGES> {
  const cache = new PageCache(cacheEntries);
  return async function releaseChangesHandler(req, res, { path, query }): Promise<void> {
    const snap = getSnapshot();
    const key = pageKey(cache, snap, req);
    if (cache.serve(key, req, res)) return;
    const h = snap.history;
    const until = h.find(path.releaseId);
    if (!until) return unknownRelease(req, res, snap, path.releaseId);
    const { kind, since, limit, offset } = query;
    let changes: Change[];
    if (since === undefined) changes = await h.changesOf(until);
    else {
      const from = releaseNumber(since);
      if (from > releaseNumber(until.id)) {
        return badRequest(req, res, [
          { name: 'since', reason: 'out-of-range', detail: `must be ${until.id} or an earlier release, got "${since}"` },
        ]);
      }
      if (!h.covers(from)) {
        return sendProblem(
          req,
          res,
          problem(
            'not-found',
            `The changes after ${since} are not all kept: the oldest release kept is ${h.releases[0]?.id ?? 'none'}, so since can be ${h.releases[0] ? `r${Math.max(h.oldest - 1, 1)}` : 'no release'} or later.`,
          ),
        );
      }
      changes = await h.changesBetween(from, until);
    }
    const selected = kind ? changes.filter((c) => kind.includes(c.kind)) : changes;
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, limit, offset, selected.length);
    const body = {
      data: selected.slice(offset, offset + limit).map(changeItem),
      pagination,
      links,
      meta: { release: until.id, since: since ?? null },
    };
    sendPage(cache, key, req, res, body, linkHeader);
  };
}
