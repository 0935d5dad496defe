import type { Req, Res } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { PRIVATE, sendEntry } from '../http/send.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import type { InvalidParam } from '../contract/api/problems.ts';
import { diseasePath } from '../contract/api/paths.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

/** Answer a 400 that lists every bad parameter. */
export function badRequest(req: Req, res: Res, errors: InvalidParam[]): void {
  const names = errors.map((e) => e.name).join(', ');
  sendProblem(
    req,
    res,
    problem('invalid-parameters', `Invalid parameter${errors.length > 1 ? 's' : ''}: ${names}.`, { invalidParams: errors }),
  );
}

/**
 * Resolve a well-formed {mondoId} for a per-disease route: 301 (with the redirect document) or 410
 * when obsolete, 404 when unknown. Returns true when the caller should go on; otherwise the
 * request was answered, and the result is what answering returned (a promise while a stored
 * redirect body is read), for the handler to return. `suffix` is the rest of the path after the
 * id, reused in the Location of a redirect. Synchronous for a current id: no promise per request.
 */
export function resolveDisease(req: Req, res: Res, snap: Snapshot, id: string, suffix: string): true | void | Promise<void> {
  if (snap.rowById.has(id)) return true;
  const obsolete = snap.manifest.obsolete[id];
  if (!obsolete) return sendProblem(req, res, problem('not-found', `No disease ${id} in snapshot ${snap.manifest.snapshot}.`));
  if (obsolete.replacedBy)
    return sendEntry(req, res, snap, snap.entry(id)!, PRIVATE, 301, ['Location', diseasePath(obsolete.replacedBy) + suffix]);
  return sendProblem(
    req,
    res,
    problem('obsolete', `${id} (${obsolete.label}) is obsolete in Mondo and has no single replacement; see consider.`, {
      replacedBy: null,
      consider: obsolete.consider,
    }),
  );
}

/** The manifest entry for a key that the build guarantees for every current disease. */
export function requireEntry(snap: Snapshot, key: string): ManifestEntry {
  const e = snap.entry(key);
  if (!e) throw new Error(`snapshot ${snap.manifest.snapshot} has no entry ${key}`);
  return e;
}
