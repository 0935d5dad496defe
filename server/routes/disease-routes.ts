import { dataUntil } from '../contract/api/envelope.ts';
import { type DiseaseResource, diseaseResourcePath, PATHS } from '../contract/api/paths.ts';
import { SECTION_KEYS, type SectionKey } from '../contract/api/vocab.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import { diseaseKey, sectionKey } from '../contract/snapshot/route-map.ts';
import type { Req, Res } from '../http/context.ts';
import { params } from '../http/param-schemas.ts';
import { project, requestSelection, type Selection, selectionKey } from '../http/projection.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, notModified, PRIVATE, sendComposed, sendEntry } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { fields, MONDO_ID, NO_PARAMS, PER_DISEASE, SECTIONS } from './common-params.ts';
import { route } from './route-def.ts';

/**
 * One disease: the record in its views (full, summary, one section), served from the bytes the
 * build stored or spliced from them. The app has validated each route's parameters and resolved
 * its `{mondoId}` to a current disease before any handler here runs (server/http/route-input.ts).
 */

const DISEASE = { ...PER_DISEASE, tag: 'Diseases' } as const;

const RECORD = {
  ...DISEASE,
  path: PATHS.disease,
  stored: 'record',
  query: params({ sections: SECTIONS, fields: fields('the record (`data`)') }),
  summary: 'Full disease record with all content sections',
  description:
    'The full report: identity, synonyms, hierarchy, cross-references, phenotypes, inheritance, onset, prevalence, genes, screening, orphan drugs, trials (from a sample), advocacy groups, assistance programs, `computed`, `classification`, metadata and `sections`.',
  ok: { description: 'The disease record.', schema: 'DiseaseRecordResponse' },
} as const;

/** The shape of a view served as its stored bytes, with no parameters (summary, phenotypes, screening). */
const VIEW = {
  ...DISEASE,
  path: PATHS.disease,
  query: NO_PARAMS,
  summary: '',
  description: '',
  ok: { description: '', schema: '' },
} as const;

const SECTION = {
  ...DISEASE,
  path: PATHS.section,
  pathParams: params(
    {
      mondoId: MONDO_ID,
      section: {
        type: 'string',
        enum: SECTION_KEYS,
        example: 'genetics',
        description: 'Name of one content section. An unknown name is a 400 listing the allowed names.',
      },
    },
    ['mondoId', 'section'],
  ),
  query: NO_PARAMS,
  summary: 'One content section',
  description: 'One named content section of the record, with the disease it belongs to.',
  ok: { description: 'The section.', schema: 'SectionResponse' },
} as const;

export const DISEASE_ROUTES = {
  getDisease: route(RECORD, ({ snapshot }) => recordResource(snapshot)),
  getDiseaseSummary: route(
    {
      ...DISEASE,
      path: diseaseResourcePath('summary'),
      stored: 'summary',
      query: NO_PARAMS,
      summary: 'Brief overview only',
      description: 'Identity fields, the definition and the overview section.',
      ok: { description: 'The summary.', schema: 'SummaryResponse' },
    },
    ({ snapshot }) => storedResource(snapshot, 'summary'),
  ),
  getDiseaseSection: route(SECTION, ({ snapshot }) => sectionResource(snapshot)),
};

type GetSnapshot = () => Snapshot;

/** Handler of a per-disease resource served as its stored bytes (summary, phenotypes, screening): the route names which. */
export function storedResource(getSnapshot: GetSnapshot, stored: DiseaseResource): RouteHandler<typeof VIEW> {
  return function storedResourceHandler(req, res, { path }) {
    const snap = getSnapshot();
    return sendEntry(req, res, snap, snap.require(diseaseKey(path.mondoId, stored)));
  };
}

/** GET /diseases/{mondoId}[?sections=a,b]: stored record, or a record spliced from stored sections. */
function recordResource(getSnapshot: GetSnapshot): RouteHandler<typeof RECORD> {
  return function recordHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const id = path.mondoId;
    const rec = snap.require(id);
    const wanted = query.sections;
    const sel = requestSelection(req, res, snap, query.fields, 'DiseaseRecord');
    if (sel === false) return;
    if (sel !== null) return sendProjected(req, res, snap, id, rec, wanted ? SECTION_KEYS.filter((s) => wanted.includes(s)) : null, sel);
    if (!wanted) return sendEntry(req, res, snap, rec);
    return sendSections(
      req,
      res,
      snap,
      id,
      rec,
      SECTION_KEYS.filter((s) => wanted.includes(s)),
    );
  };
}

/** The record with only the chosen sections, spliced from stored bytes; its ETag from stored hashes. */
async function sendSections(req: Req, res: Res, snap: Snapshot, id: string, rec: ManifestEntry, names: SectionKey[]): Promise<void> {
  const parts = names.map((n) => snap.require(sectionKey(id, n)));
  // The ETag derives from the stored hashes, so a revalidation needs no body at all.
  const etag = etagOfBytes(Buffer.from([rec[0], ...names, ...parts.map((e) => e[0])].join('|')));
  if (notModified(req, res, etag, PRIVATE)) return;
  const body = await spliceSections(snap, rec, names, parts);
  sendComposed(req, res, body, PRIVATE, etag);
}

/** The record (all sections, or the chosen ones) projected to `fields`; its ETag from stored hashes and the selection. */
async function sendProjected(
  req: Req,
  res: Res,
  snap: Snapshot,
  id: string,
  rec: ManifestEntry,
  names: SectionKey[] | null,
  sel: Selection,
): Promise<void> {
  const parts = names ? names.map((n) => snap.require(sectionKey(id, n))) : [];
  const etag = etagOfBytes(Buffer.from([rec[0], ...(names ?? ['*']), ...parts.map((e) => e[0]), 'fields', selectionKey(sel)].join('|')));
  if (notModified(req, res, etag, PRIVATE)) return;
  const bytes = names ? await spliceSections(snap, rec, names, parts) : (await snap.body(rec, 'identity')).bytes;
  const whole = JSON.parse(bytes.toString('utf8')) as { data: unknown };
  sendComposed(req, res, Buffer.from(JSON.stringify({ ...whole, data: project(whole.data, sel) })), PRIVATE, etag);
}

/** Record head (everything before "sections") + the chosen stored section values + closing braces. */
export async function spliceSections(
  snap: Snapshot,
  rec: ManifestEntry,
  names: readonly SectionKey[],
  parts: ManifestEntry[],
): Promise<Buffer> {
  const head = (await snap.body(rec, 'identity')).bytes.subarray(0, rec[4]);
  const chunks: Buffer[] = [head, Buffer.from('"sections":{')];
  for (let i = 0; i < names.length; i++) {
    const b = (await snap.body(parts[i], 'identity')).bytes;
    chunks.push(Buffer.from(`${i ? ',' : ''}"${names[i]}":`), dataUntil(b, parts[i][4]!));
  }
  chunks.push(Buffer.from('}}}'));
  return Buffer.concat(chunks);
}

/** GET /diseases/{mondoId}/sections/{section}. */
function sectionResource(getSnapshot: GetSnapshot): RouteHandler<typeof SECTION> {
  return function sectionHandler(req, res, { path }) {
    const snap = getSnapshot();
    return sendEntry(req, res, snap, snap.require(sectionKey(path.mondoId, path.section)));
  };
}
