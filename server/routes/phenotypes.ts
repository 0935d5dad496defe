import { diseasePath, phenotypePath } from '../contract/api/paths.ts';
import type { ROUTES } from '../contract/api/routes.ts';
import { PageCache } from '../http/page-cache.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import { annotationBelow, annotationRef } from '../phenotypes/match-explain.ts';
import type { PhenotypeModel } from '../phenotypes/phenotype-model.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Req, Res } from '../http/context.ts';
import { pageLinks } from './collection-shapes.ts';

const ref = (m: PhenotypeModel, t: number) => ({ hpoId: m.ids[t], label: m.labels[t] });

/** Serialize, cache and send one computed page. */
function sendPage(cache: PageCache, key: string, req: Req, res: Res, body: unknown, linkHeader: string): void {
  const bytes = Buffer.from(JSON.stringify(body));
  const page = { body: bytes, etag: etagOfBytes(bytes), headers: linkHeader ? ['Link', linkHeader] : [] };
  cache.set(key, page);
  sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
}

/** GET /api/v1/phenotypes?q=: HPO terms by label and synonym (server/phenotypes/term-search.ts). */
export function phenotypeSearchResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['searchPhenotypes']> {
  const cache = new PageCache(2000);
  return function phenotypeSearchHandler(req, res, { query: v }): void {
    const snap = getSnapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    req.ctx.cache = 'computed';
    const m = snap.phenotypeModel;
    const hits = m.search.search(v.q);
    const data = hits.slice(v.offset, v.offset + v.limit).map((h) => ({
      ...ref(m, h.term),
      match: { field: h.field, text: h.text, score: h.score },
      diseaseCount: m.postStart[h.term + 1] - m.postStart[h.term],
      links: { self: phenotypePath(m.ids[h.term]) },
    }));
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, v.limit, v.offset, hits.length);
    sendPage(cache, key, req, res, { data, pagination, links, query: { q: v.q, hpoRelease: m.index.hpoRelease } }, linkHeader);
  };
}

/** GET /api/v1/phenotypes/{hpoId}: the term, its parents and children, and a page of its diseases. */
export function phenotypeTermResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['getPhenotype']> {
  const cache = new PageCache(2000);
  return function phenotypeTermHandler(req, res, { query: v, path }): void {
    const snap = getSnapshot();
    const key = cache.key(snap.manifest.snapshot, req) + path.hpoId;
    if (cache.serve(key, req, res)) return;
    const m = snap.phenotypeModel;
    const l = m.lookup(path.hpoId);
    if (!('term' in l)) {
      const why = l.kind === 'unknown' ? 'is not in' : 'is obsolete with no single replacement in';
      return sendProblem(
        req,
        res,
        problem('not-found', `${path.hpoId} ${why} the HPO release ${m.index.hpoRelease ?? 'of this snapshot'}.`),
      );
    }
    req.ctx.cache = 'computed';
    const t = l.term;
    // Diseases with the term or a descendant, the highest implied frequency first (none last), then by id.
    const at: number[] = [];
    for (let k = m.postStart[t]; k < m.postStart[t + 1]; k++) at.push(k);
    const f = (k: number) => (Number.isNaN(m.postFrequency[k]) ? -1 : m.postFrequency[k]);
    const id = (k: number) => m.diseaseIds[m.postDisease[k]];
    at.sort((a, b) => f(b) - f(a) || (id(a) < id(b) ? -1 : 1));
    const diseases = at.slice(v.offset, v.offset + v.limit).map((k) => {
      const d = m.postDisease[k];
      return {
        id: id(k),
        name: snap.rowById.get(id(k))?.name ?? id(k),
        annotated: annotationRef(m, annotationBelow(m, d, t)),
        links: { self: diseasePath(id(k)) },
      };
    });
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, v.limit, v.offset, at.length);
    const data = {
      ...ref(m, t),
      synonyms: m.index.synonyms[t],
      informationContent: m.index.ic[t],
      parents: m.index.parents[t].map((p) => ref(m, p)),
      children: m.children[t].map((c) => ref(m, c)),
      diseases,
    };
    const requested = l.kind === 'current' ? null : { id: path.hpoId, replacedBy: l.replacedBy, kind: l.kind };
    sendPage(cache, key, req, res, { data, pagination, links, meta: { hpoRelease: m.index.hpoRelease, requested } }, linkHeader);
  };
}
