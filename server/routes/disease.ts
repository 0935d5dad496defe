import type { DiseaseResource } from '../contract/api/route-def.ts';
import { ROUTES } from '../contract/api/routes.ts';
import { SECTION_KEYS, type AssistanceStatus, type OrphanDrugStatus, type SectionKey } from '../contract/api/vocab.ts';
import { dataUntil } from '../contract/api/envelope.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import { diseaseKey, phenotypesKey, sectionKey } from '../contract/snapshot/route-map.ts';
import type { Req, Res } from '../http/context.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, notModified, PRIVATE, sendComposed, sendEntry } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { project, requestSelection, type Selection, selectionKey } from '../http/projection.ts';

/**
 * The per-disease handlers. The app has validated each route's parameters and resolved its
 * `{mondoId}` to a current disease before any of these runs (server/http/route-input.ts).
 */

type GetSnapshot = () => Snapshot;
type R = typeof ROUTES;

/** Handler of a per-disease resource served as its stored bytes (summary, screening): the route names which. */
export function storedResource(
  getSnapshot: GetSnapshot,
  route: R['getDiseaseSummary' | 'getDiseaseScreening'],
): RouteHandler<R['getDiseaseSummary']> {
  const stored: DiseaseResource = route.stored;
  return function storedResourceHandler(req, res, { path }) {
    const snap = getSnapshot();
    return sendEntry(req, res, snap, snap.require(diseaseKey(path.mondoId, stored)));
  };
}

/** GET /diseases/{mondoId}/phenotypes[?order=hallmark]: each order is a stored body, found through the manifest. */
export function phenotypesResource(getSnapshot: GetSnapshot): RouteHandler<R['getDiseasePhenotypes']> {
  return function phenotypesHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    return sendEntry(req, res, snap, snap.require(phenotypesKey(path.mondoId, query.order ?? 'frequency')));
  };
}

/** GET /diseases/{mondoId}[?sections=a,b]: stored record, or a record spliced from stored sections. */
export function recordResource(getSnapshot: GetSnapshot): RouteHandler<R['getDisease']> {
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
export function sectionResource(getSnapshot: GetSnapshot): RouteHandler<R['getDiseaseSection']> {
  return function sectionHandler(req, res, { path }) {
    const snap = getSnapshot();
    return sendEntry(req, res, snap, snap.require(sectionKey(path.mondoId, path.section)));
  };
}

/** Parse a stored body's `data`: only for the rare paged or filtered sub-resource requests. */
async function storedData(snap: Snapshot, entry: ManifestEntry): Promise<StoredData> {
  return JSON.parse((await snap.body(entry, 'identity')).bytes.toString('utf8')).data;
}
type StoredData = { name: string; advocacyGroups: Listed; assistancePrograms: Listed } & Listed & { provenance?: unknown };
type Listed = { items: unknown[]; sources: unknown };

/** GET /diseases/{mondoId}/pags?limit&offset: the stored default page, or a page cut from the record. */
export function pagsResource(getSnapshot: GetSnapshot): RouteHandler<R['listDiseasePags']> {
  const defaultLimit = ROUTES.listDiseasePags.query.properties.limit.default;
  return async function pagsHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const id = path.mondoId;
    const { limit, offset } = query;
    // The build stores the default page; any other page is cut here.
    if (limit === defaultLimit && offset === 0) return sendEntry(req, res, snap, snap.require(diseaseKey(id, 'pags')));
    const r = await storedData(snap, snap.require(id));
    const all = r.advocacyGroups.items;
    const body = {
      data: {
        id,
        name: r.name,
        total: all.length,
        limit,
        offset,
        items: all.slice(offset, offset + limit),
        sources: r.advocacyGroups.sources,
      },
    };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** GET /diseases/{mondoId}/assistance?status=open,waitlist. */
export function assistanceResource(getSnapshot: GetSnapshot): RouteHandler<R['listDiseaseAssistancePrograms']> {
  return async function assistanceHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const id = path.mondoId;
    const status = query.status;
    if (!status) return sendEntry(req, res, snap, snap.require(diseaseKey(id, 'assistance')));
    const r = await storedData(snap, snap.require(id));
    const items = (r.assistancePrograms.items as { status: AssistanceStatus }[]).filter((a) => status.includes(a.status));
    const body = { data: { id, name: r.name, total: items.length, status, items, sources: r.assistancePrograms.sources } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** GET /diseases/{mondoId}/orphan-drugs?status=approved,designated: the stored list, or the list filtered by status. */
export function orphanDrugsResource(getSnapshot: GetSnapshot): RouteHandler<R['listDiseaseOrphanDrugs']> {
  return async function orphanDrugsHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const status = query.status;
    const entry = snap.require(diseaseKey(path.mondoId, 'orphan-drugs'));
    if (!status) return sendEntry(req, res, snap, entry);
    // Filtered from the stored list (not the record), so the list's provenance note stays the build's.
    const list = await storedData(snap, entry);
    const items = (list.items as { status: OrphanDrugStatus }[]).filter((d) => status.includes(d.status));
    const body = { data: { id: path.mondoId, name: list.name, total: items.length, status, items, provenance: list.provenance } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}
