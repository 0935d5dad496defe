import { dataUntil } from '../contract/api/envelope.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import { diseaseKey, sectionKey } from '../contract/snapshot/route-map.ts';
import { RESOURCE_PATHS } from '../contract/api/paths.ts';
import type { DiseaseResource } from '../contract/api/route-def.ts';
import { ROUTES } from '../contract/api/routes.ts';
import { SECTION_KEYS, type AssistanceStatus, type OrphanDrugStatus, type SectionKey } from '../contract/api/vocab.ts';
import type { Req, Res } from '../http/context.ts';
import { paramReader } from '../http/param-reader.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { etagOfBytes, notModified, PRIVATE, sendComposed, sendEntry } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { badRequest, requireEntry, resolveDisease } from './disease-lookup.ts';

type GetSnapshot = () => Snapshot;
/** A route without query parameters that serves one stored per-disease body. */
type StoredRoute = {
  stored: DiseaseResource;
  query: (typeof ROUTES)['getDiseaseSummary']['query'];
  pathParams: (typeof ROUTES)['getDiseaseSummary']['pathParams'];
};

/** Handler of a per-disease resource served as stored bytes (summary, phenotypes, drugs, screening). */
export function storedResource(getSnapshot: GetSnapshot, route: StoredRoute) {
  const read = paramReader(route.query, route.pathParams);
  const suffix = RESOURCE_PATHS[route.stored];
  return function storedResourceHandler(req: Req, res: Res): void | Promise<void> {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const snap = getSnapshot();
    const id = p.path.mondoId;
    const current = resolveDisease(req, res, snap, id, suffix);
    if (current !== true) return current;
    return sendEntry(req, res, snap, requireEntry(snap, diseaseKey(id, route.stored)));
  };
}

/** GET /diseases/{mondoId}[?sections=a,b]: stored record, or a record spliced from stored sections. */
export function recordResource(getSnapshot: GetSnapshot) {
  const route = ROUTES.getDisease;
  const read = paramReader(route.query, route.pathParams);
  return function recordHandler(req: Req, res: Res): void | Promise<void> {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const snap = getSnapshot();
    const id = p.path.mondoId;
    const current = resolveDisease(req, res, snap, id, '');
    if (current !== true) return current;
    const rec = requireEntry(snap, id);
    const wanted = p.query.sections;
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
  const parts = names.map((n) => requireEntry(snap, sectionKey(id, n)));
  // The ETag derives from the stored hashes, so a revalidation needs no body at all.
  const etag = etagOfBytes(Buffer.from([rec[0], ...names, ...parts.map((e) => e[0])].join('|')));
  if (notModified(req, res, etag, PRIVATE)) return;
  const body = await spliceSections(snap, rec, names, parts);
  sendComposed(req, res, body, PRIVATE, etag);
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
export function sectionResource(getSnapshot: GetSnapshot) {
  const route = ROUTES.getDiseaseSection;
  const read = paramReader(route.query, route.pathParams);
  return function sectionHandler(req: Req, res: Res): void | Promise<void> {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const snap = getSnapshot();
    const { mondoId: id, section } = p.path;
    const current = resolveDisease(req, res, snap, id, `/sections/${section}`);
    if (current !== true) return current;
    return sendEntry(req, res, snap, requireEntry(snap, sectionKey(id, section)));
  };
}

/** Parse the stored full record: only for the rare paged or filtered sub-resource requests. */
// biome-ignore lint/suspicious/noExplicitAny: the stored record is read as parsed JSON; its shape is the DiseaseRecord schema
async function recordJson(snap: Snapshot, id: string): Promise<Record<string, any>> {
  return JSON.parse((await snap.body(requireEntry(snap, id), 'identity')).bytes.toString('utf8')).data;
}

/** GET /diseases/{mondoId}/pags?limit&offset: the stored default page, or a page cut from the record. */
export function pagsResource(getSnapshot: GetSnapshot) {
  const route = ROUTES.listDiseasePags;
  const read = paramReader(route.query, route.pathParams);
  const { limit: dflt } = route.query.properties;
  return async function pagsHandler(req: Req, res: Res): Promise<void> {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const snap = getSnapshot();
    const id = p.path.mondoId;
    const current = resolveDisease(req, res, snap, id, RESOURCE_PATHS.pags);
    if (current !== true) return current;
    const { limit, offset } = p.query;
    // The build stores the default page; any other page is cut here.
    if (limit === dflt.default && offset === 0) return sendEntry(req, res, snap, requireEntry(snap, diseaseKey(id, 'pags')));
    const r = await recordJson(snap, id);
    const all = r.advocacyGroups.items as unknown[];
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
export function assistanceResource(getSnapshot: GetSnapshot) {
  const route = ROUTES.listDiseaseAssistancePrograms;
  const read = paramReader(route.query, route.pathParams);
  return async function assistanceHandler(req: Req, res: Res): Promise<void> {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const snap = getSnapshot();
    const id = p.path.mondoId;
    const current = resolveDisease(req, res, snap, id, RESOURCE_PATHS.assistance);
    if (current !== true) return current;
    const status = p.query.status;
    if (!status) return sendEntry(req, res, snap, requireEntry(snap, diseaseKey(id, 'assistance')));
    const r = await recordJson(snap, id);
    const items = (r.assistancePrograms.items as { status: AssistanceStatus }[]).filter((a) => status.includes(a.status));
    const body = { data: { id, name: r.name, total: items.length, status, items, sources: r.assistancePrograms.sources } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** GET /diseases/{mondoId}/orphan-drugs?status=approved,designated: the stored list, or the list filtered by status. */
export function orphanDrugsResource(getSnapshot: GetSnapshot) {
  const route = ROUTES.listDiseaseOrphanDrugs;
  const read = paramReader(route.query, route.pathParams);
  return async function orphanDrugsHandler(req: Req, res: Res): Promise<void> {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const snap = getSnapshot();
    const id = p.path.mondoId;
    const current = resolveDisease(req, res, snap, id, RESOURCE_PATHS['orphan-drugs']);
    if (current !== true) return current;
    const status = p.query.status;
    const entry = requireEntry(snap, diseaseKey(id, 'orphan-drugs'));
    if (!status) return sendEntry(req, res, snap, entry);
    // Filtered from the stored list (not the record), so the list's provenance note stays the build's.
    const list = JSON.parse((await snap.body(entry, 'identity')).bytes.toString('utf8')).data;
    const items = (list.items as { status: OrphanDrugStatus }[]).filter((d) => status.includes(d.status));
    const body = { data: { id, name: list.name, total: items.length, status, items, provenance: list.provenance } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** 405 for a method the path does not serve, with the Allow header RFC 9110 requires. */
export function methodNotAllowed(req: Req, res: Res, allow: string): void {
  sendProblem(req, res, problem('method-not-allowed', `${req.method} is not supported on this path; allowed: ${allow}.`), ['Allow', allow]);
}
