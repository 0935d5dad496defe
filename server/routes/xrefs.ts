import { diseasePath } from '../contract/api/paths.ts';
import type { ROUTES } from '../contract/api/routes.ts';
import type { InvalidParam } from '../contract/api/problems.ts';
import { badRequest, problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { PRIVATE, sendComposed } from '../http/send.ts';
import type { Lookups } from '../lookups/loaded-lookups.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

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
export function xrefResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['getXref']> {
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
export function xrefBatchResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['getXrefs']> {
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
