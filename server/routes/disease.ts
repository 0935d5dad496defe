import { dataUntil } from '../contract/envelope.ts';
import type { Req, Res } from '../http/context.ts';
import { readParams } from '../http/params.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { etagOfBytes, notModified, PRIVATE, sendComposed, sendEntry } from '../http/send.ts';
import { diseaseKey, sectionKey, type DiseaseResource } from '../contract/route-map.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { badRequest, requireEntry, resolveDisease } from './disease-lookup.ts';

export const PAG_LIMIT = { default: 20, max: 100 };
export const ASSISTANCE_STATUSES = ['open', 'waitlist', 'closed', 'unknown'] as const;
const NO_PARAMS = {};

type GetSnapshot = () => Snapshot;

/** Handler of a per-disease resource served as stored bytes (summary, phenotypes, drugs, screening). */
export function storedResource(getSnapshot: GetSnapshot, resource: DiseaseResource, suffix: string) {
  return async function storedResourceHandler(req: Req, res: Res): Promise<void> {
    const { errors } = readParams(req.query, NO_PARAMS);
    if (errors.length) return badRequest(req, res, errors);
    const snap = getSnapshot();
    const id = await resolveDisease(req, res, snap, suffix);
    if (!id) return;
    await sendEntry(req, res, snap, requireEntry(snap, diseaseKey(id, resource)));
  };
}

/** GET /diseases/{mondoId}[?sections=a,b]: stored record, or a record spliced from stored sections. */
export function recordResource(getSnapshot: GetSnapshot) {
  return async function recordHandler(req: Req, res: Res): Promise<void> {
    const snap = getSnapshot();
    const { values, errors } = readParams(req.query, { sections: { type: 'enum-list', values: snap.manifest.sections } });
    if (errors.length) return badRequest(req, res, errors);
    const id = await resolveDisease(req, res, snap, '');
    if (!id) return;
    const rec = requireEntry(snap, id);
    const wanted = values.sections as string[] | undefined;
    if (!wanted) return sendEntry(req, res, snap, rec);
    const names = snap.manifest.sections.filter((s) => wanted.includes(s));
    const parts = names.map((n) => requireEntry(snap, sectionKey(id, n)));
    // The ETag derives from the stored hashes, so a revalidation needs no body at all.
    const etag = etagOfBytes(Buffer.from([rec[0], ...names, ...parts.map((p) => p[0])].join('|')));
    if (notModified(req, res, etag, PRIVATE)) return;
    const body = await spliceSections(snap, rec, names, parts);
    sendComposed(req, res, body, PRIVATE, etag);
  };
}

/** Record head (everything before "sections") + the chosen stored section values + closing braces. */
export async function spliceSections(snap: Snapshot, rec: NonNullable<ReturnType<Snapshot['entry']>>, names: string[], parts: NonNullable<ReturnType<Snapshot['entry']>>[]): Promise<Buffer> {
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
  return async function sectionHandler(req: Req, res: Res): Promise<void> {
    const snap = getSnapshot();
    const section = req.params.section;
    const { errors } = readParams(req.query, NO_PARAMS);
    if (!snap.manifest.sections.includes(section)) {
      errors.push({ name: 'section', reason: 'not-allowed-value', detail: `unknown section "${section.slice(0, 40)}"; allowed: ${snap.manifest.sections.join(', ')}` });
    }
    if (errors.length) return badRequest(req, res, errors);
    const id = await resolveDisease(req, res, snap, `/sections/${section}`);
    if (!id) return;
    await sendEntry(req, res, snap, requireEntry(snap, sectionKey(id, section)));
  };
}

/** Parse the stored full record: only for the rare paged or filtered sub-resource requests. */
async function recordJson(snap: Snapshot, id: string): Promise<Record<string, any>> {
  return JSON.parse((await snap.body(requireEntry(snap, id), 'identity')).bytes.toString('utf8')).data;
}

/** GET /diseases/{mondoId}/pags?limit&offset: the stored default page, or a page cut from the record. */
export function pagsResource(getSnapshot: GetSnapshot) {
  return async function pagsHandler(req: Req, res: Res): Promise<void> {
    const { values, errors } = readParams(req.query, {
      limit: { type: 'int', min: 1, max: PAG_LIMIT.max, default: PAG_LIMIT.default },
      offset: { type: 'int', min: 0, max: 1_000_000, default: 0 },
    });
    if (errors.length) return badRequest(req, res, errors);
    const snap = getSnapshot();
    const id = await resolveDisease(req, res, snap, '/pags');
    if (!id) return;
    if (values.limit === PAG_LIMIT.default && values.offset === 0) return sendEntry(req, res, snap, requireEntry(snap, diseaseKey(id, 'pags')));
    const r = await recordJson(snap, id);
    const all = r.advocacyGroups.items as unknown[];
    const limit = values.limit as number;
    const offset = values.offset as number;
    const body = { data: { id, name: r.name, total: all.length, limit, offset, items: all.slice(offset, offset + limit), sources: r.advocacyGroups.sources } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** GET /diseases/{mondoId}/assistance?status=open,waitlist. */
export function assistanceResource(getSnapshot: GetSnapshot) {
  return async function assistanceHandler(req: Req, res: Res): Promise<void> {
    const { values, errors } = readParams(req.query, { status: { type: 'enum-list', values: ASSISTANCE_STATUSES } });
    if (errors.length) return badRequest(req, res, errors);
    const snap = getSnapshot();
    const id = await resolveDisease(req, res, snap, '/assistance');
    if (!id) return;
    const status = values.status as string[] | undefined;
    if (!status) return sendEntry(req, res, snap, requireEntry(snap, diseaseKey(id, 'assistance')));
    const r = await recordJson(snap, id);
    const items = (r.assistancePrograms.items as { status: string }[]).filter((p) => status.includes(p.status));
    const body = { data: { id, name: r.name, total: items.length, status, items, sources: r.assistancePrograms.sources } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** 405 for any other method on a known path, with the Allow header RFC 9110 requires. */
export function methodNotAllowed(req: Req, res: Res): void {
  if (req.method === 'GET' || req.method === 'HEAD') return;
  res.setHeader('Allow', 'GET, HEAD');
  sendProblem(res, problem('method-not-allowed', `${req.method} is not supported; this API is read-only (GET, HEAD).`), req.method);
}
