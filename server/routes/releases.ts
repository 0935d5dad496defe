import type { Change, ReleaseEntry } from '../contract/snapshot/history.ts';
import { releaseNumber } from '../contract/api/releases.ts';
import { diseasePath, releaseChangesPath, releasePath, versionPath, versionsPath } from '../contract/api/paths.ts';
import type { ROUTES } from '../contract/api/routes.ts';
import type { Req, Res } from '../http/context.ts';
import { PageCache } from '../http/page-cache.ts';
import { badRequest, problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pageLinks } from './collection-shapes.ts';

type GetSnapshot = () => Snapshot;
type R = typeof ROUTES;

/** A release as the API shows it: everything releases.json keeps but the change list's object, plus links. */
export function releaseItem(r: ReleaseEntry) {
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
export function changeItem(c: Change) {
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
export function releasesResource(getSnapshot: GetSnapshot, cacheEntries = 200): RouteHandler<R['listReleases']> {
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
export function releaseResource(getSnapshot: GetSnapshot): RouteHandler<R['getRelease']> {
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
export function releaseChangesResource(getSnapshot: GetSnapshot, cacheEntries = 500): RouteHandler<R['listReleaseChanges']> {
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
