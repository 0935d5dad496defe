import type { ROUTES } from '../contract/api/routes.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { PageCache } from '../http/page-cache.ts';
import { badRequest } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import { matchPage } from '../phenotypes/match-page.ts';
import { reduceQuery, scoreDiseases } from '../phenotypes/match-score.ts';
import { MatchContext } from '../phenotypes/match-context.ts';
import { MATCH_MODEL } from '../phenotypes/match-model.ts';
import type { PhenotypeModel } from '../phenotypes/phenotype-model.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { textQuery } from '../annotate/text-query.ts';
import { lexiconOf, textTooLong } from './annotate.ts';
import { pageLinks } from './collection-shapes.ts';

/** How the ids of one parameter were understood (MatchTerms in the OpenAPI document). */
interface TermsMeta {
  used: string[];
  replaced: { id: string; replacedBy: string; kind: 'alternative' | 'obsolete' }[];
  unknown: string[];
  obsolete: string[];
  redundant: string[];
}

/** Map requested ids to current term numbers, noting what was replaced, unknown or obsolete. */
export function resolveTerms(model: PhenotypeModel, ids: readonly string[]): { terms: number[]; meta: TermsMeta } {
  const meta: TermsMeta = { used: [], replaced: [], unknown: [], obsolete: [], redundant: [] };
  const terms: number[] = [];
  for (const id of ids) {
    const l = model.lookup(id);
    if (l.kind === 'current') {
      if (!terms.includes(l.term)) terms.push(l.term);
    } else if (l.kind === 'alternative' || l.kind === 'obsolete') {
      meta.replaced.push({ id, replacedBy: l.replacedBy, kind: l.kind });
      if (!terms.includes(l.term)) terms.push(l.term);
    } else (l.kind === 'unknown' ? meta.unknown : meta.obsolete).push(id);
  }
  return { terms, meta };
}

type MatchValues = Parameters<RouteHandler<(typeof ROUTES)['matchDiseases']>>[2]['query'];

/** The filter of the request over Mondo ids, or null when none is given. */
function filterOf(v: MatchValues, rows: Map<string, ListingRow>): ((id: string) => boolean) | null {
  if (v.isRare === undefined && !v.inheritance && !v.onset && !v.gene) return null;
  const genes = v.gene ? new Set(v.gene.map((g) => g.toUpperCase())) : null;
  return (id) => {
    const r = rows.get(id);
    if (!r) return false;
    if (v.isRare !== undefined && r.isRare !== v.isRare) return false;
    if (v.inheritance && !r.inheritance.some((i) => v.inheritance!.includes(i))) return false;
    if (v.onset && !r.onset.some((o) => v.onset!.includes(o))) return false;
    if (genes && !r.genes.some((g) => genes.has(g.toUpperCase()))) return false;
    return true;
  };
}

/**
 * GET /api/v1/diseases/match: diseases ranked by the patient's observed and excluded phenotypes
 * (the model: server/phenotypes/match-score.ts), each with its explanation; pages cached per query.
 */
export function matchResource(getSnapshot: () => Snapshot, cacheEntries = 2000): RouteHandler<(typeof ROUTES)['matchDiseases']> {
  const cache = new PageCache(cacheEntries);
  return function matchHandler(req, res, { query: v }): void {
    const snap = getSnapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    const model = snap.phenotypeModel;
    if (v.phenotypes === undefined && v.text === undefined)
      return badRequest(req, res, [
        { name: 'phenotypes', reason: 'missing', detail: 'give phenotypes (HPO ids), text (a description) or both' },
      ]);
    // A description adds the patient's terms it names (server/annotate/text-query.ts).
    let read: ReturnType<typeof textQuery> | null = null;
    if (v.text !== undefined) {
      const lexicon = lexiconOf(snap, req, res);
      if (!lexicon || textTooLong(req, res, v.text)) return;
      read = textQuery(lexicon, v.text);
    }
    const observed = resolveTerms(model, [...(v.phenotypes ?? []), ...(read?.observed ?? [])]);
    const excluded = resolveTerms(model, [...(v.excluded ?? []), ...(read?.excluded ?? [])]);
    // A description without a finding is an empty ranking, not an error: nothing was misspelt.
    if (observed.terms.length === 0 && read !== null && observed.meta.unknown.length + observed.meta.obsolete.length === 0) {
      const meta = {
        hpoRelease: model.index.hpoRelease,
        diseasesWithPhenotypes: model.diseaseCount,
        phenotypes: observed.meta,
        excluded: excluded.meta,
        text: { characters: v.text!.length, terms: read.terms },
      };
      const { pagination, links, linkHeader } = pageLinks(req.path, req.query, v.limit, v.offset, 0);
      return sendComposed(
        req,
        res,
        Buffer.from(JSON.stringify({ data: [], pagination, links, meta })),
        PRIVATE,
        undefined,
        linkHeader ? ['Link', linkHeader] : [],
      );
    }
    if (observed.terms.length === 0) {
      const release = model.index.hpoRelease ?? 'of this snapshot';
      return badRequest(req, res, [
        {
          name: 'phenotypes',
          reason: 'not-allowed-value',
          detail: `no term the HPO release ${release} holds: ${[...observed.meta.unknown, ...observed.meta.obsolete].join(', ')}`,
        },
      ]);
    }
    req.ctx.cache = 'computed';
    const query = reduceQuery(model, { observed: observed.terms, excluded: excluded.terms });
    for (const [given, kept] of [
      [observed, query.observed],
      [excluded, query.excluded],
    ] as const) {
      for (const t of given.terms) (kept.includes(t) ? given.meta.used : given.meta.redundant).push(model.ids[t]);
    }
    const context = new MatchContext(model, query, MATCH_MODEL, (id) => snap.rowById.get(id)?.name ?? id);
    const score = scoreDiseases(model, query, MATCH_MODEL, context);
    const { data, total } = matchPage(model, query, score, context, MATCH_MODEL, v, filterOf(v, snap.rowById), (id) =>
      snap.rowById.get(id),
    );
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, v.limit, v.offset, total);
    const meta = {
      hpoRelease: model.index.hpoRelease,
      diseasesWithPhenotypes: model.diseaseCount,
      phenotypes: observed.meta,
      excluded: excluded.meta,
      ...(read ? { text: { characters: v.text!.length, terms: read.terms } } : {}),
    };
    const body = Buffer.from(JSON.stringify({ data, pagination, links, meta }));
    const page = { body, etag: etagOfBytes(body), headers: linkHeader ? ['Link', linkHeader] : [] };
    cache.set(key, page);
    sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
  };
}
