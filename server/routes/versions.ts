import { IMMUTABLE_CACHE } from '../contract/api/releases.ts';
import { versionKey, versionsKey } from '../contract/snapshot/route-map.ts';
import { versionsPath } from '../contract/api/paths.ts';
import type { ROUTES } from '../contract/api/routes.ts';
import type { Req, Res } from '../http/context.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { sendEntry } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

type GetSnapshot = () => Snapshot;

/** Why an id has no version list: never a disease here since the history began, or removed before what is kept. */
function noHistory(req: Req, res: Res, snap: Snapshot, id: string): void {
  const obsolete = snap.manifest.obsolete[id];
  const why = obsolete
    ? `${id} (${obsolete.label}) is obsolete in Mondo and has no version kept: it was not a disease of this service in any release kept.`
    : `No disease ${id} in any release kept.`;
  sendProblem(req, res, problem('not-found', why));
}

/**
 * GET /diseases/{mondoId}/versions: the stored version list. Obsolete ids are not redirected:
 * their own history is the resource.
 */
export function versionsResource(getSnapshot: GetSnapshot): RouteHandler<(typeof ROUTES)['listDiseaseVersions']> {
  return function versionsHandler(req, res, { path }) {
    const snap = getSnapshot();
    const entry = snap.entry(versionsKey(path.mondoId));
    if (!entry) return noHistory(req, res, snap, path.mondoId);
    return sendEntry(req, res, snap, entry);
  };
}

/** GET /diseases/{mondoId}/versions/{version}: the record body of that version, stored bytes, cached as immutable. */
export function versionResource(getSnapshot: GetSnapshot): RouteHandler<(typeof ROUTES)['getDiseaseVersion']> {
  return function versionHandler(req, res, { path }) {
    const snap = getSnapshot();
    const { mondoId: id, version } = path;
    const entry = snap.entry(versionKey(id, version));
    if (entry) return sendEntry(req, res, snap, entry, IMMUTABLE_CACHE);
    if (!snap.entry(versionsKey(id))) return noHistory(req, res, snap, id);
    sendProblem(req, res, problem('not-found', `${id} has no version ${version} kept; its versions are listed at ${versionsPath(id)}.`));
  };
}
