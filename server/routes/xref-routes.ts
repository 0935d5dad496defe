import { diseasePath } from '../contract/api/paths.ts';
import type { InvalidParam } from '../contract/api/problems.ts';
import { badRequest, problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Lookups } from '../lookups/loaded-lookups.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { API_BASE } from '../contract/api/base.ts';
import { BULK_MAX } from '../contract/api/limits.ts';
import { PATHS } from '../contract/api/paths.ts';
import { XREF_EXAMPLES } from '../contract/api/xref-codes.ts';
import { params } from '../http/param-schemas.ts';
import { NO_PARAMS } from './common-params.ts';
import { route } from './route-def.ts';

/** A disease by a code of another system (Mondo's mappings), one code or a batch. */

const XREF_BATCH_MAX = BULK_MAX;

const CODE_TEXT = `A code of another system as \`prefix:id\`; the prefix is case-insensitive and takes the usual spellings: OMIM (MIM), ORPHA (Orphanet, ORDO), ICD10CM, ICD10 (ICD10WHO, WHO), ICD11, MESH, UMLS, GARD, DOID, NCIT, MEDGEN, SNOMEDCT (SCTID), EFO, MEDDRA and every other prefix Mondo's mappings use. E.g. ${XREF_EXAMPLES.map((e) => `\`${e}\``).join(', ')}.`;

const XREF = {
  path: PATHS.xref,
  tag: 'Lookups',
  scope: 'read',
  query: NO_PARAMS,
  pathParams: params(
    {
      curie: {
        type: 'string',
        pattern: '^[A-Za-z][A-Za-z0-9._-]{0,31}:\\S{1,64}$',
        'x-malformed': 'prefix:id, e.g. OMIM:219700',
        example: 'OMIM:219700',
        description: `${CODE_TEXT} A prefix no mapping uses, or an id not of its system's shape (an OMIM id is 6 digits), is a 400; a well-formed code no mapping names is a 404.`,
      },
    },
    ['curie'],
  ),
  notFound: 'a well-formed code that no Mondo mapping names.',
  summary: 'Mondo diseases mapped to a code of another system',
  description:
    "Every current Mondo disease mapped to the code in Mondo's SSSOM mappings, with the mapping predicate Mondo states from the disease to the code (`exactMatch`, `closeMatch`, `narrowMatch`: the code is narrower, `broadMatch`: the code is broader, `relatedMatch`, or `hasDbXref`: a plain cross-reference; the most specific one where there are several) and the mapping set and release it comes from. Exact matches first. A mapping to an obsolete Mondo class is followed to its replacement (`obsoleteId` names the class it was stated for). Added in v1.4.0.",
  ok: { description: 'The code and its diseases.', schema: 'XrefResponse' },
} as const;

const XREF_BATCH = {
  path: `${API_BASE}/xrefs`,
  tag: 'Lookups',
  scope: 'read',
  query: params(
    {
      ids: {
        type: 'array',
        minItems: 1,
        maxItems: XREF_BATCH_MAX,
        uniqueItems: true,
        example: ['OMIM:219700', 'ORPHA:586'],
        items: { type: 'string', minLength: 1, maxLength: 100 },
        description: `1 to ${XREF_BATCH_MAX} codes, comma-separated (see \`/xrefs/{curie}\`). More than ${XREF_BATCH_MAX}, a duplicate or an empty list is a 400; a malformed or unknown code is reported per item, not as a 400.`,
      },
    },
    ['ids'],
  ),
  pathParams: NO_PARAMS,
  summary: `Map up to ${XREF_BATCH_MAX} codes at once`,
  description:
    "One item per requested code, in request order, with a status per code (`found` with its diseases as in `/xrefs/{curie}`, `not_found`, `malformed` for a code not of its system's shape or with a prefix no mapping uses) and counts per status in `meta`. Added in v1.4.0.",
  ok: { description: 'The outcome for every requested code.', schema: 'XrefBatchResponse' },
} as const;

export const XREF_ROUTES = {
  getXref: route(XREF, ({ snapshot }) => xrefResource(snapshot)),
  getXrefs: route(XREF_BATCH, ({ snapshot }) => xrefBatchResource(snapshot)),
};

/** One code resolved: the code as Mondo writes it, its label, and each current disease it maps to. */
export function xrefBody(snap: Snapshot, code: string, requested: string) {
  const lk = snap.lookups;
  return {
    code,
    requested,
    label: lk.label(code),
    diseases: lk.targets(code).map(([id, set, via]) => ({
      id,
      name: snap.rowById.get(id)?.name ?? id,
      predicate: lk.mappingSets[set].predicate,
      source: { source: 'mondo', release: lk.releases.mondo, mappingSet: lk.mappingSets[set].set },
      obsoleteId: via,
      links: { self: diseasePath(id) },
    })),
    obsolete: lk.obsoleteTargets(code).map((id) => {
      const o = snap.manifest.obsolete[id];
      return { id, label: o?.label ?? null, consider: o?.consider ?? [], links: { self: diseasePath(id) } };
    }),
  };
}

/** Resolve a requested code: the code as the data writes it, or why not (a 400 reason or absent). */
export function resolveCode(lk: Lookups, raw: string): { code: string } | { invalid: InvalidParam } | { absent: string } {
  const parsed = lk.parse(raw);
  if (!parsed.ok)
    return {
      invalid: {
        name: 'curie',
        reason: parsed.reason === 'unknown-prefix' ? 'not-allowed-value' : 'malformed',
        detail: parsed.reason === 'unknown-prefix' ? `${parsed.detail}; known prefixes: ${lk.knownPrefixes().join(', ')}` : parsed.detail,
      },
    };
  const code = lk.code(parsed.prefix, parsed.local);
  return code === null ? { absent: `${parsed.prefix}:${parsed.local}` } : { code };
}

/** GET /api/v1/xrefs/{curie}. */
function xrefResource(getSnapshot: () => Snapshot): RouteHandler<typeof XREF> {
  return function xrefHandler(req, res, { path }): void {
    const snap = getSnapshot();
    const r = resolveCode(snap.lookups, path.curie);
    if ('invalid' in r) return badRequest(req, res, [r.invalid]);
    if ('absent' in r)
      return sendProblem(req, res, problem('not-found', `No Mondo mapping names ${r.absent} in snapshot ${snap.manifest.snapshot}.`));
    req.ctx.cache = 'computed';
    sendComposed(req, res, Buffer.from(JSON.stringify({ data: xrefBody(snap, r.code, path.curie) })), PRIVATE);
  };
}

/** GET /api/v1/xrefs?ids=: one item per code with its status, and counts per status. */
function xrefBatchResource(getSnapshot: () => Snapshot): RouteHandler<typeof XREF_BATCH> {
  return function xrefBatchHandler(req, res, { query }): void {
    const snap = getSnapshot();
    const meta = { requested: query.ids.length, found: 0, notFound: 0, malformed: 0 };
    const data = query.ids.map((requested) => {
      const r = resolveCode(snap.lookups, requested);
      if ('code' in r) {
        meta.found++;
        return { status: 'found', ...xrefBody(snap, r.code, requested) };
      }
      if ('absent' in r) {
        meta.notFound++;
        return { status: 'not_found', requested, detail: `No Mondo mapping names ${r.absent}.` };
      }
      meta.malformed++;
      return { status: 'malformed', requested, detail: r.invalid.detail };
    });
    req.ctx.cache = 'computed';
    sendComposed(req, res, Buffer.from(JSON.stringify({ data, meta })), PRIVATE);
  };
}
