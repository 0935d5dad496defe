import { fillPath } from '../contract/api/paths.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Req, Res } from './context.ts';
import { problem, sendProblem } from './problem.ts';
import { PRIVATE, sendEntry } from './send.ts';

/**
 * Resolve the well-formed `{mondoId}` of a route that names a current disease: 301 (with the stored
 * redirect document) or 410 when obsolete, 404 when unknown. Returns true when the handler should
 * run; otherwise the request was answered, and the result is what answering returned (a promise
 * while a stored redirect body is read). The redirect's Location is the same route with the
 * replacement filled in and the query string kept as sent (`?order=hallmark` asks the same of the
 * replacement). Synchronous for a current id: no promise per request.
 */
export function resolveDisease(
  req: Req,
  res: Res,
  snap: Snapshot,
  routePath: string,
  path: Readonly<Record<string, string | number>> & { mondoId: string },
): true | void | Promise<void> {
  const id = path.mondoId;
  if (snap.rowById.has(id)) return true;
  const obsolete = snap.manifest.obsolete[id];
  if (!obsolete) return sendProblem(req, res, problem('not-found', `No disease ${id} in snapshot ${snap.manifest.snapshot}.`));
  if (obsolete.replacedBy) {
    const location = fillPath(routePath, { ...path, mondoId: obsolete.replacedBy }) + (req.search ?? '');
    return sendEntry(req, res, snap, snap.entry(id)!, PRIVATE, 301, ['Location', location]);
  }
  return sendProblem(
    req,
    res,
    problem('obsolete', `${id} (${obsolete.label}) is obsolete in Mondo and has no single replacement; see consider.`, {
      replacedBy: null,
      consider: obsolete.consider,
    }),
  );
}
