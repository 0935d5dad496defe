import { diseasePath, phenotypePath } from '../contract/api/paths.ts';
import { PageCache } from '../http/page-cache.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import { annotationBelow, annotationRef } from '../phenotypes/match-explain.ts';
import type { PhenotypeModel } from '../phenotypes/phenotype-model.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Req, Res } from '../http/context.ts';
import { pageLinks } from './collection-shapes.ts';
import { API_BASE, HPO_ID_PATTERN } from '../contract/api/base.ts';
import { PATHS } from '../contract/api/paths.ts';
import { params } from '../http/param-schemas.ts';
import { NO_PARAMS, pageParams } from './common-params.ts';
import { route } from './route-def.ts';

/** HPO terms: find them by typed words, and one term with its neighbours and diseases. */

const TERM_SEARCH = {
  path: `${API_BASE}/phenotypes`,
  tag: 'Phenotypes',
  scope: 'read',
  link: true,
  query: params(
    {
      q: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        example: 'seizures',
        description:
          'Words matched against HPO term labels and synonyms (1-200 characters): every word must meet a word of the text exactly, as a prefix (3+ characters) or with a typo (1 edit for 4-7 characters, 2 from 8); plurals and British spellings count as the same word.',
      },
      ...pageParams('terms'),
    },
    ['q'],
  ),
  pathParams: NO_PARAMS,
  summary: 'Find HPO terms by label or synonym',
  description:
    'HPO terms whose label or a synonym matches `q`, best first (the whole text, then more of it, labels before synonyms; ties to the term more diseases carry): for a user interface that turns typed words into ids for `/diseases/match`. No match is a 200 with an empty `data`. Added in v1.4.0.',
  ok: { description: 'One page of matching terms.', schema: 'PhenotypeSearchResponse' },
} as const;

const TERM = {
  path: PATHS.phenotype,
  tag: 'Phenotypes',
  scope: 'read',
  link: true,
  query: params(pageParams('diseases')),
  pathParams: params(
    {
      hpoId: {
        type: 'string',
        pattern: HPO_ID_PATTERN,
        'x-malformed': 'HP: followed by 7 digits (e.g. HP:0001250)',
        example: 'HP:0001250',
        description:
          'HPO term id. An alternative or obsolete id with a single replacement answers with the current term (`meta.requested` says so); an id the HPO release does not hold, or an obsolete one without replacement, is a 404.',
      },
    },
    ['hpoId'],
  ),
  notFound: 'an id the HPO release does not hold, or an obsolete one with no single replacement.',
  summary: 'One HPO term: parents, children and the diseases annotated with it',
  description:
    'The term with its synonyms, information content, parents and children, and one page of the diseases annotated with it or a more specific term, the most frequent first (each with the annotation and its frequency). Added in v1.4.0.',
  ok: { description: 'The term and one page of its diseases.', schema: 'PhenotypeTermResponse' },
} as const;

export const PHENOTYPE_ROUTES = {
  searchPhenotypes: route(TERM_SEARCH, ({ snapshot }) => phenotypeSearchResource(snapshot)),
  getPhenotype: route(TERM, ({ snapshot }) => phenotypeTermResource(snapshot)),
};

const ref = (m: PhenotypeModel, t: number) => ({ hpoId: m.ids[t], label: m.labels[t] });

/** Serialize, cache and send one computed page. */
function sendPage(cache: PageCache, key: string, req: Req, res: Res, body: unknown, linkHeader: string): void {
  const bytes = Buffer.from(JSON.stringify(body));
  const page = { body: bytes, etag: etagOfBytes(bytes), headers: linkHeader ? ['Link', linkHeader] : [] };
  cache.set(key, page);
  sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
}

/** GET /api/v1/phenotypes?q=: HPO terms by label and synonym (server/phenotypes/term-search.ts). */
function phenotypeSearchResource(getSnapshot: () => Snapshot): RouteHandler<typeof TERM_SEARCH> {
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
function phenotypeTermResource(getSnapshot: () => Snapshot): RouteHandler<typeof TERM> {
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
