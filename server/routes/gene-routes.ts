import { diseasePath, fillPath } from '../contract/api/paths.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { API_BASE } from '../contract/api/base.ts';
import { params } from '../http/param-schemas.ts';
import { NO_PARAMS } from './common-params.ts';
import { route } from './route-def.ts';

/** A gene and its diseases. */

const GENE = {
  path: `${API_BASE}/genes/{gene}`,
  tag: 'Lookups',
  scope: 'read',
  query: NO_PARAMS,
  pathParams: params(
    {
      gene: {
        type: 'string',
        pattern: '^(?:HGNC:\\d{1,6}|[A-Za-z0-9][A-Za-z0-9@._/-]{0,29})$',
        'x-malformed': 'an HGNC symbol or HGNC:<number>',
        example: 'CFTR',
        description:
          'An approved HGNC symbol (case-insensitive) or an HGNC id (`HGNC:1884`). A previous symbol or an alias that names exactly one approved gene, or a symbol in another case, answers 308 to the current symbol; a symbol that names no gene, or several, is a 404.',
      },
    },
    ['gene'],
  ),
  notFound: 'a symbol or id that names no approved HGNC gene, or a previous symbol or alias shared by several.',
  summary: 'A gene and its diseases',
  description:
    'The approved HGNC gene (HGNC id, symbol, name, previous symbols, aliases, locus type) and every current disease whose record names it, with the association kind and the sources that state it. A previous symbol or an alias that names exactly one approved gene answers 308 to the current symbol. Added in v1.4.0.',
  ok: { description: 'The gene and its diseases.', schema: 'GeneResponse' },
} as const;

export const GENE_ROUTES = { getGene: route(GENE, ({ snapshot }) => geneResource(snapshot)) };

/**
 * GET /api/v1/genes/{gene}: the approved HGNC gene and the diseases whose records name it. A
 * previous symbol, an alias that names one gene alone, or the symbol in another case answers 308
 * to the current symbol (query kept), so each gene has one URL.
 */
function geneResource(getSnapshot: () => Snapshot): RouteHandler<typeof GENE> {
  return function geneHandler(req, res, { path }): void {
    const snap = getSnapshot();
    const lk = snap.lookups;
    const match = lk.gene(path.gene);
    if (match === null)
      return sendProblem(
        req,
        res,
        problem(
          'not-found',
          `${path.gene} names no approved HGNC gene (or is a previous symbol or alias of several) in HGNC ${lk.releases.hgnc}.`,
        ),
      );
    const [hgncId, symbol, name, locusType, previous, aliases] = match.gene;
    if (match.via !== 'hgnc-id' && path.gene !== symbol) {
      const location = fillPath(GENE.path, { gene: encodeURIComponent(symbol) }) + (req.search ?? '');
      return respond(req, res, 308, ['Location', location, 'Cache-Control', 'no-store', 'Content-Length', '0']);
    }
    const diseases = lk
      .geneDiseases(hgncId)
      .map(([id, association, sources]) => ({
        id,
        name: snap.rowById.get(id)?.name ?? id,
        association,
        sources: sources.map(([source, release]) => ({ source, release })),
        links: { self: diseasePath(id) },
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const data = {
      hgncId,
      symbol,
      name,
      locusType,
      previousSymbols: previous,
      aliases,
      diseases,
      provenance: { source: 'hgnc', release: lk.releases.hgnc },
    };
    req.ctx.cache = 'computed';
    sendComposed(req, res, Buffer.from(JSON.stringify({ data })), PRIVATE);
  };
}
