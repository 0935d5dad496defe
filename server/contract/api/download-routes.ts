import { API_BASE } from './base.ts';
import { DOWNLOAD_FILES, DOWNLOAD_MEDIA_TYPE, DOWNLOAD_NAMES } from './download-files.ts';
import { NO_PARAMS } from './disease-params.ts';
import { RELEASE_PATH } from './history-routes.ts';
import { params } from './params.ts';
import { IMMUTABLE_CACHE } from './releases.ts';
import type { RouteDef } from './route-def.ts';

/** The download routes: every record and table of a release as files, for taking everything at once. */

const DOWNLOAD_PATH = params(
  {
    releaseId: RELEASE_PATH.properties.releaseId,
    file: {
      type: 'string',
      enum: DOWNLOAD_NAMES,
      example: 'records.jsonl.gz',
      description: `The file: ${DOWNLOAD_FILES.map((f) => `\`${f.name}\` (${f.description})`).join('; ')}`,
    },
  },
  ['releaseId', 'file'],
);

const KEPT = 'Files are kept for the latest release only: an older release that is still kept in the history is a 404 here.';

export const DOWNLOAD_ROUTES = {
  listReleaseDownloads: {
    path: `${API_BASE}/releases/{releaseId}/downloads`,
    tag: 'History',
    scope: 'bulk',
    query: NO_PARAMS,
    pathParams: RELEASE_PATH,
    notFound: 'a release never published, or one other than the latest (whose files are the only ones kept).',
    summary: 'Download files of a release',
    description: `The files built with the release, each with its size, SHA-256, ETag and link: every record as gzipped JSON Lines, a diseases TSV, phenotype annotations, orphan designations and Mondo's cross-references as SSSOM, all gzip-compressed. ${KEPT} Needs the \`bulk\` scope. Added in v1.4.0.`,
    ok: { description: 'The files.', schema: 'DownloadListResponse' },
  },
  getReleaseDownload: {
    path: `${API_BASE}/releases/{releaseId}/downloads/{file}`,
    tag: 'History',
    scope: 'bulk',
    query: NO_PARAMS,
    pathParams: DOWNLOAD_PATH,
    notFound: 'a release never published, or one other than the latest.',
    problems: ['range-not-satisfiable'],
    summary: 'One download file',
    description: `The file's bytes as stored (\`${DOWNLOAD_MEDIA_TYPE}\`), with a strong ETag (its SHA-256), \`Cache-Control: ${IMMUTABLE_CACHE}\` under the release's id (\`private, no-cache\` under \`latest\`, which names other bytes after the next release) and \`Accept-Ranges: bytes\`: one \`Range: bytes=a-b\` (or \`a-\`, \`-n\`) gives a 206 with \`Content-Range\`; a range past the end a 416; \`If-Range\` with another ETag the whole file. A download counts as one call, whatever its size or range. ${KEPT} Added in v1.4.0.`,
    ok: { description: 'The file.', schema: null, media: DOWNLOAD_MEDIA_TYPE },
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
