import { API_BASE } from './base.ts';
import { MONDO_ID_FORMS_TEXT } from './mondo-id-forms.ts';
import { MONDO_ID, NO_PARAMS, PAGE_DEFAULT, PAGE_MAX } from './disease-params.ts';
import { limit, offset, params } from './params.ts';
import { CHANGE_KINDS, IMMUTABLE_CACHE, LATEST_RELEASE, RELEASE_ID_PATTERN } from './releases.ts';
import type { RouteDef } from './route-def.ts';

/** The history routes: releases, what each changed, and every version of every disease. */

const RELEASE_ID_PARAM = {
  type: 'string',
  pattern: `^(?:${RELEASE_ID_PATTERN.slice(1, -1)}|${LATEST_RELEASE})$`,
  'x-malformed': `r followed by the release number (e.g. r12), or ${LATEST_RELEASE}`,
  example: 'r1',
  description: `A release id: \`r\` followed by the release number (\`r1\` is the first release), or \`${LATEST_RELEASE}\` for the newest. Anything else is a 400 (\`malformed\`); a release never published, or older than the history kept, is a 404.`,
} as const;
export const RELEASE_PATH = params({ releaseId: RELEASE_ID_PARAM }, ['releaseId']);
export const RELEASES_QUERY = params({ limit: limit('releases', PAGE_MAX, PAGE_DEFAULT), offset: offset('releases') });
export const CHANGES_QUERY = params({
  kind: {
    type: 'array',
    items: { type: 'string', enum: CHANGE_KINDS },
    minItems: 1,
    example: ['changed', 'removed'],
    description: `Only changes of these kinds, comma-separated: ${CHANGE_KINDS.map((k) => `\`${k}\``).join(', ')}.`,
  },
  since: {
    type: 'string',
    pattern: RELEASE_ID_PATTERN,
    'x-malformed': 'r followed by the release number (e.g. r12)',
    example: 'r1',
    description:
      'Every change after this release, up to and including `{releaseId}`, merged per disease: `before` is the version at `since`, `after` the version at `{releaseId}`, `sections` and `fields` every one that changed in between. A disease added and removed again in between is left out. `since` equal to `{releaseId}` gives an empty list; a later release is a 400; one whose successors are not all kept is a 404.',
  },
  limit: limit('changes', PAGE_MAX, PAGE_DEFAULT),
  offset: offset('changes'),
});
export const VERSION_PATH = params(
  {
    mondoId: {
      ...MONDO_ID,
      description: `Mondo disease id: \`MONDO:\` followed by 7 digits. ${MONDO_ID_FORMS_TEXT} Anything else is a 400 (\`malformed\`). The id may be obsolete: removed diseases keep their history.`,
    },
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
);
export const HISTORY_ID_PATH = params({ mondoId: VERSION_PATH.properties.mondoId }, ['mondoId']);

const disease = (suffix: string): string => `${API_BASE}/diseases/{mondoId}${suffix}`;

export const HISTORY_ROUTES = {
  listReleases: {
    path: `${API_BASE}/releases`,
    tag: 'History',
    scope: 'read',
    link: true,
    query: RELEASES_QUERY,
    pathParams: NO_PARAMS,
    summary: 'Published releases, newest first',
    description:
      'Every release kept: its id, when it was published, the release of every source that went into it, the code that built it, and how many diseases it added, changed, removed and left unchanged. A build publishes a release when a disease was added, changed or removed or a source changed; a build with unchanged inputs publishes nothing. Added in v1.3.0.',
    ok: { description: 'One page of releases.', schema: 'ReleaseListResponse' },
  },
  getRelease: {
    path: `${API_BASE}/releases/{releaseId}`,
    tag: 'History',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: RELEASE_PATH,
    notFound: 'a release never published, or older than the history kept.',
    summary: 'One release',
    description: 'One release, as in the list. Added in v1.3.0.',
    ok: { description: 'The release.', schema: 'ReleaseResponse' },
  },
  listReleaseChanges: {
    path: `${API_BASE}/releases/{releaseId}/changes`,
    tag: 'History',
    scope: 'read',
    link: true,
    query: CHANGES_QUERY,
    pathParams: RELEASE_PATH,
    notFound: 'a release (`{releaseId}` or `since`) never published, or older than the history kept.',
    summary: 'Diseases a release added, changed or removed',
    description:
      'The change list of a release in Mondo id order: per disease its kind, the sections and top-level fields that changed, and its version before and after; a removed disease names its replacement. With `since`, every change after that release merged per disease, so a client that polls catches up in one paginated walk: keep `meta.release` and pass it as `since` next time (`/releases/latest/changes?since=r12`). Added in v1.3.0.',
    ok: { description: 'One page of changes.', schema: 'ChangeListResponse' },
  },
  listDiseaseVersions: {
    path: disease('/versions'),
    tag: 'History',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: HISTORY_ID_PATH,
    notFound: 'an id with no version kept (never a disease of this service since its history began, or removed before the history kept).',
    summary: 'Version history of a disease',
    description:
      'Every version kept, newest first: its number (1, 2, 3...: one per change of content, not per build), content version, the release that introduced it and when, and what changed from the version before (sections, fields and the source releases underneath). An obsolete id keeps its history and says which release removed it and what replaced it. Added in v1.3.0.',
    ok: { description: 'The version history.', schema: 'VersionListResponse' },
  },
  getDiseaseVersion: {
    path: disease('/versions/{version}'),
    tag: 'History',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: VERSION_PATH,
    notFound: 'a version that does not exist or is no longer kept.',
    summary: 'One version of a disease record, exactly as it was served',
    description: `The full record as it was served while this version was current: the same bytes and the same ETag. It never changes, so it is served with \`Cache-Control: ${IMMUTABLE_CACHE}\`.`,
    ok: { description: 'The record of that version.', schema: 'DiseaseRecordResponse' },
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
