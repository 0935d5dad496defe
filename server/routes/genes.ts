import { diseasePath, fillPath } from '../contract/api/paths.ts';
import { ROUTES } from '../contract/api/routes.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

/**
 * GET /api/v1/genes/{gene}: the approved HGNC gene and the diseases whose records name it. A
 * previous symbol, an alias that names one gene alone, or the symbol in another case answers 308
 * to the current symbol (query kept), so each gene has one URL.
 */
export function geneResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['getGene']> {
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
      const location = fillPath(ROUTES.getGene.path, { gene: encodeURIComponent(symbol) }) + (req.search ?? '');
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
