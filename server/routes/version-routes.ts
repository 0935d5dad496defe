import { IMMUTABLE_CACHE } from '../contract/api/releases.ts';
import { versionKey, versionsKey } from '../contract/snapshot/route-map.ts';
import { versionsPath } from '../contract/api/paths.ts';
import type { Req, Res } from '../http/context.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { sendEntry } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { MONDO_ID_FORMS_TEXT } from '../contract/api/mondo-id-forms.ts';
import { PATHS } from '../contract/api/paths.ts';
import { params } from '../http/param-schemas.ts';
import { MONDO_ID, NO_PARAMS } from './common-params.ts';
import { route } from './route-def.ts';

/** Every version of every disease. */

const HISTORY_ID = {
  ...MONDO_ID,
  description: `Mondo disease id: \`MONDO:\` followed by 7 digits. ${MONDO_ID_FORMS_TEXT} Anything else is a 400 (\`malformed\`). The id may be obsolete: removed diseases keep their history.`,
} as const;

const VERSIONS = {
  path: PATHS.versions,
  tag: 'History',
  scope: 'read',
  query: NO_PARAMS,
  pathParams: params({ mondoId: HISTORY_ID }, ['mondoId']),
  notFound: 'an id with no version kept (never a disease of this service since its history began, or removed before the history kept).',
  summary: 'Version history of a disease',
  description:
    'Every version kept, newest first: its number (1, 2, 3...: one per change of content, not per build), content version, the release that introduced it and when, and what changed from the version before (sections, fields and the source releases underneath). An obsolete id keeps its history and says which release removed it and what replaced it. Added in v1.3.0.',
  ok: { description: 'The version history.', schema: 'VersionListResponse' },
} as const;

const VERSION = {
  path: PATHS.version,
  tag: 'History',
  scope: 'read',
  query: NO_PARAMS,
  pathParams: params(
    {
      mondoId: HISTORY_ID,
      version: {
        type: 'integer',
        minimum: 1,
        maximum: 1_000_000,
        example: 1,
        description:
          'Version number of the disease (1, 2, 3...: one per change of its content). Not an integer of at least 1 is a 400; a version that does not exist or is no longer kept is a 404.',
      },
    },
    ['mondoId', 'version'],
  ),
  notFound: 'a version that does not exist or is no longer kept.',
  summary: 'One version of a disease record, exactly as it was served',
  description: `The full record as it was served while this version was current: the same bytes and the same ETag. It never changes, so it is served with \`Cache-Control: ${IMMUTABLE_CACHE}\`.`,
  ok: { description: 'The record of that version.', schema: 'DiseaseRecordResponse' },
} as const;

export const VERSION_ROUTES = {
  listDiseaseVersions: route(VERSIONS, ({ snapshot }) => versionsResource(snapshot)),
  getDiseaseVersion: route(VERSION, ({ snapshot }) => versionResource(snapshot)),
};

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
function versionsResource(getSnapshot: GetSnapshot): RouteHandler<typeof VERSIONS> {
  return function versionsHandler(req, res, { path }) {
    const snap = getSnapshot();
    const entry = snap.entry(versionsKey(path.mondoId));
    if (!entry) return noHistory(req, res, snap, path.mondoId);
    return sendEntry(req, res, snap, entry);
  };
}

/** GET /diseases/{mondoId}/versions/{version}: the record body of that version, stored bytes, cached as immutable. */
function versionResource(getSnapshot: GetSnapshot): RouteHandler<typeof VERSION> {
  return function versionHandler(req, res, { path }) {
    const snap = getSnapshot();
    const { mondoId: id, version } = path;
    const entry = snap.entry(versionKey(id, version));
    if (entry) return sendEntry(req, res, snap, entry, IMMUTABLE_CACHE);
    if (!snap.entry(versionsKey(id))) return noHistory(req, res, snap, id);
    sendProblem(req, res, problem('not-found', `${id} has no version ${version} kept; its versions are listed at ${versionsPath(id)}.`));
  };
}
