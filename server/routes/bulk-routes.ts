import { API_BASE } from '../contract/api/base.ts';
import { DATA_OPEN, dataOf, dataUntil, recordFieldsOf } from '../contract/api/envelope.ts';
import { BULK_MAX } from '../contract/api/limits.ts';
import { SECTION_KEYS } from '../contract/api/vocab.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import { MONDO_ID, sectionKey } from '../contract/snapshot/route-map.ts';
import { params } from '../http/param-schemas.ts';
import { project, requestSelection, selectionKey } from '../http/projection.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, notModified, PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { fields, NO_PARAMS, SECTIONS } from './common-params.ts';
import { route } from './route-def.ts';

/** Up to BULK_MAX diseases in one call, each with its status. */

const BULK_QUERY = params(
  {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_MAX,
      uniqueItems: true,
      example: ['MONDO:0007739', 'MONDO:0009061'],
      items: { type: 'string', minLength: 1, maxLength: 64 },
      description: `1 to ${BULK_MAX} Mondo ids, comma-separated. More than ${BULK_MAX}, a duplicate or an empty list is a 400 saying which; a malformed id is reported per item (\`status: malformed\`), not as a 400.`,
    },
    sections: SECTIONS,
    fields: fields('each found record (`data` of the item)'),
  },
  ['ids'],
);

const BULK = {
  path: `${API_BASE}/diseases/bulk`,
  tag: 'Diseases',
  scope: 'bulk',
  query: BULK_QUERY,
  pathParams: NO_PARAMS,
  summary: `Fetch up to ${BULK_MAX} diseases at once`,
  description:
    'One item per requested id, in request order, with a status per id (`found`, `not_found`, `obsolete`, `malformed`) and counts per status in `meta`. Needs the `bulk` scope (professional and enterprise keys). Added in v1.2.0.',
  ok: { description: 'The outcome for every requested id.', schema: 'BulkResponse' },
} as const;

export const BULK_ROUTES = { getDiseasesBulk: route(BULK, ({ snapshot }) => bulkResource(snapshot)) };

type Item =
  | { id: string; status: 'found'; rec: ManifestEntry; parts: ManifestEntry[] }
  | { id: string; status: 'not_found' | 'malformed' }
  | { id: string; status: 'obsolete'; replacedBy: string | null; consider: string[] };

/**
 * ?ids=a,b[&sections=x,y]: up to 50 diseases, answered in request order
 * with a status each. Found records are the stored record bytes sliced out of their envelopes
 * (or spliced from stored sections), joined without parsing or re-serializing anything.
 */
function bulkResource(getSnapshot: () => Snapshot): RouteHandler<typeof BULK> {
  return async function bulkHandler(req, res, { query }): Promise<void> {
    const snap = getSnapshot();
    const { ids, sections: wanted } = query;
    const sel = requestSelection(req, res, snap, query.fields, 'DiseaseRecord');
    if (sel === false) return;
    const names = wanted ? SECTION_KEYS.filter((s) => wanted.includes(s)) : null;

    const items: Item[] = ids.map((id) => {
      if (!MONDO_ID.test(id)) return { id, status: 'malformed' };
      const obs = snap.manifest.obsolete[id];
      if (obs) return { id, status: 'obsolete', replacedBy: obs.replacedBy, consider: obs.consider };
      if (!snap.rowById.has(id)) return { id, status: 'not_found' };
      return {
        id,
        status: 'found',
        rec: snap.require(id),
        parts: names ? names.map((n) => snap.require(sectionKey(id, n))) : [],
      };
    });
    // The ETag derives from stored hashes and statuses: a revalidation reads no bodies.
    const etag = etagOfBytes(
      Buffer.from(
        JSON.stringify([
          names,
          sel ? selectionKey(sel) : null,
          items.map((it) => (it.status === 'found' ? [it.id, it.rec[0], it.parts.map((p) => p[0])] : [it.id, it.status])),
        ]),
      ),
    );
    if (notModified(req, res, etag, PRIVATE)) return;

    const chunks: Buffer[] = [Buffer.from(`${DATA_OPEN}[`)];
    const meta = { requested: items.length, found: 0, notFound: 0, obsolete: 0, malformed: 0 };
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      const sep = i ? ',' : '';
      if (it.status === 'found') {
        meta.found++;
        const body = (await snap.body(it.rec, 'identity')).bytes;
        chunks.push(Buffer.from(`${sep}{"id":"${it.id}","status":"found","data":`));
        const record: Buffer[] = [];
        if (!names) record.push(dataOf(body));
        else {
          record.push(recordFieldsOf(body, it.rec[4]!), Buffer.from('"sections":{'));
          for (let j = 0; j < names.length; j++) {
            const s = (await snap.body(it.parts[j], 'identity')).bytes;
            record.push(Buffer.from(`${j ? ',' : ''}"${names[j]}":`), dataUntil(s, it.parts[j][4]!));
          }
          record.push(Buffer.from('}}'));
        }
        // A projection parses the one record it cuts; without one the bytes pass through untouched.
        if (sel) chunks.push(Buffer.from(JSON.stringify(project(JSON.parse(Buffer.concat(record).toString('utf8')), sel))));
        else chunks.push(...record);
        chunks.push(Buffer.from('}'));
      } else if (it.status === 'obsolete') {
        meta.obsolete++;
        chunks.push(Buffer.from(sep + JSON.stringify({ id: it.id, status: it.status, replacedBy: it.replacedBy, consider: it.consider })));
      } else {
        if (it.status === 'not_found') meta.notFound++;
        else meta.malformed++;
        chunks.push(Buffer.from(sep + JSON.stringify({ id: it.id, status: it.status })));
      }
    }
    chunks.push(Buffer.from(`],"meta":${JSON.stringify(meta)}}`));
    req.ctx.cache = 'composed';
    sendComposed(req, res, Buffer.concat(chunks), PRIVATE, etag);
  };
}
