import { DOWNLOAD_FILES, DOWNLOAD_MEDIA_TYPE } from '../contract/api/download-files.ts';
import { fillPath } from '../contract/api/paths.ts';
import { IMMUTABLE_CACHE, LATEST_RELEASE } from '../contract/api/releases.ts';
import type { DownloadEntry } from '../contract/snapshot/downloads.ts';
import type { Req, Res } from '../http/context.ts';
import { noneMatch } from '../http/conditional.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { respond, respondStream } from '../http/respond.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { API_BASE } from '../contract/api/base.ts';
import { DOWNLOAD_NAMES } from '../contract/api/download-files.ts';
import { params } from '../http/param-schemas.ts';
import { NO_PARAMS, RELEASE_PATH } from './common-params.ts';
import { route } from './route-def.ts';

/** Every record and table of a release as files, for taking everything at once. */

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

const DOWNLOADS = {
  path: `${API_BASE}/releases/{releaseId}/downloads`,
  tag: 'History',
  scope: 'bulk',
  query: NO_PARAMS,
  pathParams: RELEASE_PATH,
  notFound: 'a release never published, or one other than the latest (whose files are the only ones kept).',
  summary: 'Download files of a release',
  description: `The files built with the release, each with its size, SHA-256, ETag and link: every record as gzipped JSON Lines, a diseases TSV, phenotype annotations, orphan designations and Mondo's cross-references as SSSOM, all gzip-compressed. ${KEPT} Needs the \`bulk\` scope. Added in v1.4.0.`,
  ok: { description: 'The files.', schema: 'DownloadListResponse' },
} as const;

const DOWNLOAD = {
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
} as const;

export const DOWNLOAD_ROUTES = {
  listReleaseDownloads: route(DOWNLOADS, ({ snapshot }) => downloadListResource(snapshot)),
  getReleaseDownload: route(DOWNLOAD, ({ snapshot }) => downloadFileResource(snapshot)),
};

/** The strong ETag of a download: its SHA-256 (byte ranges need a strong validator). */
const etagOf = (f: DownloadEntry) => `"sha256-${Buffer.from(f.sha256, 'hex').toString('base64url')}"`;

/** The release's download index when `releaseId` names the release the snapshot's files belong to; else the 404 is sent. */
function downloadsOf(req: Req, res: Res, snap: Snapshot, releaseId: string) {
  const release = snap.history.find(releaseId);
  const doc = snap.downloads;
  if (release && doc && doc.release === release.id) return doc;
  const kept = doc?.release ? `files are kept for the latest release, ${doc.release}` : 'this snapshot has no download files';
  sendProblem(req, res, problem('not-found', `No downloads for release ${releaseId}: ${kept}.`));
  return null;
}

/** GET /releases/{releaseId}/downloads: each file with its size, SHA-256, ETag and link. */
function downloadListResource(getSnapshot: () => Snapshot): RouteHandler<typeof DOWNLOADS> {
  return function downloadListHandler(req, res, { path }): void {
    const snap = getSnapshot();
    const doc = downloadsOf(req, res, snap, path.releaseId);
    if (!doc) return;
    const files = doc.files.map((f) => ({
      name: f.name,
      description: DOWNLOAD_FILES.find((d) => d.name === f.name)?.description ?? '',
      mediaType: DOWNLOAD_MEDIA_TYPE,
      size: f.size,
      sha256: f.sha256,
      etag: etagOf(f),
      rows: f.rows,
      links: { self: fillPath(DOWNLOAD.path, { releaseId: doc.release!, file: f.name }) },
    }));
    sendComposed(req, res, Buffer.from(JSON.stringify({ data: { release: doc.release, snapshot: doc.snapshot, files } })), PRIVATE);
  };
}

/** One `bytes=` range of a file of `size` bytes: [start, end] inclusive, null for the whole file, false when not satisfiable. */
export function parseRange(header: string | undefined, size: number): [number, number] | null | false {
  if (header === undefined) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return false;
  if (m[1] === '') {
    const n = Number(m[2]);
    return n === 0 ? false : [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || end < start ? false : [start, end];
}

/** GET /releases/{releaseId}/downloads/{file}: the stored bytes, immutable, with one byte range. */
function downloadFileResource(getSnapshot: () => Snapshot): RouteHandler<typeof DOWNLOAD> {
  return function downloadFileHandler(req, res, { path }): void {
    const snap = getSnapshot();
    const doc = downloadsOf(req, res, snap, path.releaseId);
    if (!doc) return;
    const f = doc.files.find((x) => x.name === path.file);
    if (!f) return sendProblem(req, res, problem('not-found', `Release ${doc.release} has no file ${path.file}.`));
    const etag = etagOf(f);
    // Under /releases/latest/ the same URL names other bytes after the next release: only a URL
    // with the release id is immutable (shared caches keep it); `latest` is revalidated by ETag.
    const cache = path.releaseId === LATEST_RELEASE ? PRIVATE : IMMUTABLE_CACHE;
    const headers = ['Content-Type', DOWNLOAD_MEDIA_TYPE, 'ETag', etag, 'Cache-Control', cache, 'Accept-Ranges', 'bytes'];
    if (noneMatch(req.headers['if-none-match'], etag)) return respond(req, res, 304, ['ETag', etag, 'Cache-Control', cache]);
    const ifRange = req.headers['if-range'];
    const range = ifRange !== undefined && ifRange !== etag ? null : parseRange(req.headers.range, f.size);
    if (range === false)
      return sendProblem(
        req,
        res,
        problem('range-not-satisfiable', `The file has ${f.size} bytes; ask for one range within them (bytes=0-${f.size - 1}).`),
        ['Content-Range', `bytes */${f.size}`],
      );
    req.ctx.cache = 'disk';
    const [start, end] = range ?? [0, f.size - 1];
    const length = f.size === 0 ? 0 : end - start + 1;
    const body = req.method === 'HEAD' || length === 0 ? null : snap.packs.stream(f.parts, start, end);
    if (range)
      return respondStream(
        req,
        res,
        206,
        [...headers, 'Content-Range', `bytes ${start}-${end}/${f.size}`, 'Content-Length', String(length)],
        body,
        length,
      );
    respondStream(req, res, 200, [...headers, 'Content-Length', String(f.size)], body, f.size);
  };
}
