import { TEXT_PARAM } from '../contract/api/annotate.ts';
import { API_BASE, HPO_ID_PATTERN } from '../contract/api/base.ts';
import { PageCache } from '../http/page-cache.ts';
import { params } from '../http/param-schemas.ts';
import { badRequest } from '../http/problem.ts';
import type { Req, Res } from '../http/context.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import { matchPage } from '../phenotypes/match-page.ts';
import { reduceQuery, scoreDiseases } from '../phenotypes/match-score.ts';
import { MatchContext } from '../phenotypes/match-context.ts';
import { MATCH_MODEL } from '../phenotypes/match-model.ts';
import type { PhenotypeModel } from '../phenotypes/phenotype-model.ts';
import { textQuery } from '../annotate/text-query.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { lexiconOf, textTooLong } from './annotate-routes.ts';
import { pageLinks } from './collection-shapes.ts';
import { NO_PARAMS, pageParams } from './common-params.ts';
import { diseaseFilter, FILTER_PARAMS, filterContext, filterProblems } from './disease-filters.ts';
import { type RouteDeps, route } from './route-def.ts';

/** A differential diagnosis: diseases ranked by a patient's phenotypes, with the disease filters. */

/** At most this many terms in each of `phenotypes` and `excluded`. */
export const MATCH_TERMS_MAX = 100;
const HPO_TERMS = (what: string, example: readonly string[]) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: MATCH_TERMS_MAX,
    example,
    items: { type: 'string', pattern: HPO_ID_PATTERN, 'x-malformed': 'HP: followed by 7 digits (e.g. HP:0001250)' },
    description: `${what} HPO term ids, comma-separated (at most ${MATCH_TERMS_MAX}; a repeated id counts once). A malformed id is a 400 naming it; an alternative or obsolete id counts as its current term and an id the HPO release does not hold is left out, both reported in \`meta\`.`,
  }) as const;

const MATCH_QUERY = params(
  {
    phenotypes: HPO_TERMS("The patient's observed phenotypes:", ['HP:0001250', 'HP:0001252', 'HP:0004322']),
    text: {
      ...TEXT_PARAM,
      description: `${TEXT_PARAM.description} The patient's terms in it are added to \`phenotypes\` (affirmed) and \`excluded\` (only negated: "no hearing loss"); uncertain ones and those about relatives are left out. \`meta.text\` lists every term read, so a user can correct the reading and send ids. Give \`phenotypes\`, \`text\` or both.`,
    },
    excluded: HPO_TERMS('Phenotypes the patient is known not to have:', ['HP:0000365']),
    ...pageParams('diseases'),
    ...FILTER_PARAMS,
  },
  [],
);

const MATCH = {
  path: `${API_BASE}/diseases/match`,
  tag: 'Diseases',
  scope: 'search',
  link: true,
  query: MATCH_QUERY,
  pathParams: NO_PARAMS,
  summary: "Rank diseases by a patient's phenotypes",
  description:
    "A differential diagnosis from HPO terms, or from a description in words (`text`, read as `/phenotypes/annotate` reads it): every disease with phenotype annotations (HPO and Orphanet), ranked by how well it explains the observed terms and the excluded ones. The model is a likelihood ratio per term (as in LIRICAL): a disease explains an observed term through its annotation that implies it best, weighted by that annotation's frequency and by the specificity (information content from the annotations) of what the two share over HPO's is_a graph, or, at a reduced credit, through an annotation of a relative: its group (a parent or grandparent in Mondo with annotations of its own: Orphanet often annotates a group, OMIM its subtypes) or a sibling subtype of a small family; an excluded term counts against a disease in proportion to how often the disease has it; a disease's frequent features that the query does not mention count a little against it. `score` is the sum of the log likelihood ratios; `explanation` shows each part: per observed term the annotated term that matched, its frequency and the relative it came from, if any, per excluded term whether the disease usually has it, and the unmentioned features. Query terms implied by another query term (its ancestors) are reported in `meta` and add nothing. The listing's filters narrow the ranked diseases (`total` counts those kept). Added in v1.4.0.",
  ok: { description: 'One page of ranked diseases.', schema: 'MatchResponse' },
} as const;

export const MATCH_ROUTES = { matchDiseases: route(MATCH, matchHandler) };

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

type MatchValues = Parameters<RouteHandler<typeof MATCH>>[2]['query'];
type TextTerms = ReturnType<typeof textQuery>;

/**
 * The observed and excluded terms of a request: its ids, and the patient's terms its description
 * names (server/annotate/text-query.ts). Null when a problem was sent instead.
 */
function requestTerms(snap: Snapshot, req: Req, res: Res, v: MatchValues) {
  if (v.phenotypes === undefined && v.text === undefined) {
    badRequest(req, res, [{ name: 'phenotypes', reason: 'missing', detail: 'give phenotypes (HPO ids), text (a description) or both' }]);
    return null;
  }
  let read: TextTerms | null = null;
  if (v.text !== undefined) {
    const lexicon = lexiconOf(snap, req, res);
    if (!lexicon || textTooLong(req, res, v.text)) return null;
    read = textQuery(lexicon, v.text);
  }
  const model = snap.phenotypeModel;
  const observed = resolveTerms(model, [...(v.phenotypes ?? []), ...(read?.observed ?? [])]);
  const excluded = resolveTerms(model, [...(v.excluded ?? []), ...(read?.excluded ?? [])]);
  return { read, observed, excluded };
}

/**
 * Diseases ranked by the patient's observed and excluded phenotypes (the model:
 * server/phenotypes/match-score.ts), each with its explanation; pages cached per query.
 */
function matchHandler({ snapshot, engine }: RouteDeps): RouteHandler<typeof MATCH> {
  const cache = new PageCache(2000);
  return function matchHandler(req, res, { query: v }): void {
    const snap = snapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    const model = snap.phenotypeModel;
    const terms = requestTerms(snap, req, res, v);
    if (terms === null) return;
    const { read, observed, excluded } = terms;
    const meta = {
      hpoRelease: model.index.hpoRelease,
      diseasesWithPhenotypes: model.diseaseCount,
      phenotypes: observed.meta,
      excluded: excluded.meta,
      ...(read ? { text: { characters: v.text!.length, terms: read.terms } } : {}),
    };
    if (observed.terms.length === 0) {
      // A description without a finding is an empty ranking, not an error: nothing was misspelt.
      if (read !== null && observed.meta.unknown.length + observed.meta.obsolete.length === 0) {
        sendPage(req, res, v, [], 0, meta);
        return;
      }
      const release = model.index.hpoRelease ?? 'of this snapshot';
      const unknown = [...observed.meta.unknown, ...observed.meta.obsolete].join(', ');
      return badRequest(req, res, [
        { name: 'phenotypes', reason: 'not-allowed-value', detail: `no term the HPO release ${release} holds: ${unknown}` },
      ]);
    }
    const ctx = filterContext(snap, engine());
    const invalid = filterProblems(v, ctx);
    if (invalid.length > 0) return badRequest(req, res, invalid);
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
    const keep = diseaseFilter(v, ctx);
    const passes = keep && ((id: string) => ((row) => row !== undefined && keep(row))(snap.rowById.get(id)));
    const { data, total } = matchPage(model, query, score, context, MATCH_MODEL, v, passes, (id) => snap.rowById.get(id));
    const page = sendPage(req, res, v, data, total, meta);
    cache.set(key, page);
  };
}

/** Send one page of ranked diseases; returns it for the page cache. */
function sendPage(req: Req, res: Res, v: MatchValues, data: unknown[], total: number, meta: object) {
  const { pagination, links, linkHeader } = pageLinks(req.path, req.query, v.limit, v.offset, total);
  const body = Buffer.from(JSON.stringify({ data, pagination, links, meta }));
  const page = { body, etag: etagOfBytes(body), headers: linkHeader ? ['Link', linkHeader] : [] };
  sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
  return page;
}
