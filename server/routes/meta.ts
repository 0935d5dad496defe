import type { ROUTES } from '../contract/api/routes.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { respond } from '../http/respond.ts';
import { etagOfBytes, JSON_TYPE, notModified } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

const PUBLIC_CACHE = 'public, max-age=300';

function wantsYaml(accept: string | undefined): boolean | null {
  if (!accept) return false;
  const a = accept.toLowerCase();
  if (/(application|text)\/(x-)?yaml/.test(a)) return true;
  if (a.includes('application/json') || a.includes('*/*') || a.includes('application/*')) return false;
  return null;
}

/** GET /api/v1/openapi: JSON, or YAML when Accept asks for it or ?format=yaml. No key needed. */
export function openapiResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['getOpenApi']> {
  const etags = new WeakMap<Buffer, string>();
  return function openapiHandler(req, res, { query }): void {
    const { format } = query;
    const yaml = format ? format === 'yaml' : wantsYaml(req.headers.accept);
    if (yaml === null) {
      return sendProblem(req, res, problem('not-acceptable', 'The OpenAPI document is available as application/json or application/yaml.'));
    }
    const snap = getSnapshot();
    const bytes = yaml ? snap.openapiYaml : snap.openapiJson;
    let etag = etags.get(bytes);
    if (!etag) etags.set(bytes, (etag = etagOfBytes(bytes)));
    if (notModified(req, res, etag, PUBLIC_CACHE, 'Accept')) return;
    respond(
      req,
      res,
      200,
      [
        'Content-Type',
        yaml ? 'application/yaml; charset=utf-8' : JSON_TYPE,
        'ETag',
        etag,
        'Cache-Control',
        PUBLIC_CACHE,
        'Vary',
        'Accept',
        'Content-Length',
        String(bytes.length),
      ],
      bytes,
    );
  };
}

/** GET /api/v1/health: status, snapshot, uptime and per-source freshness, computed live. No key needed. */
export function healthResource(getSnapshot: () => Snapshot, startedAt: number): RouteHandler<(typeof ROUTES)['getHealth']> {
  return function healthHandler(req, res): void {
    const snap = getSnapshot();
    const now = Date.now();
    const rel = snap.release;
    const days = (iso: string) => Math.floor((now - Date.parse(iso)) / 86_400_000);
    const body = Buffer.from(
      JSON.stringify({
        status: 'ok',
        snapshot: rel.snapshot,
        builtAt: rel.builtAt,
        snapshotAgeSeconds: Math.floor((now - Date.parse(rel.builtAt)) / 1000),
        uptimeSeconds: Math.floor((now - startedAt) / 1000),
        apiVersion: rel.apiVersion,
        recordCount: rel.recordCount,
        checkedAt: new Date(now).toISOString(),
        sources: rel.sources.map((s) => ({
          id: s.id,
          name: s.name,
          release: s.release,
          releaseAgeDays: /^\d{4}-\d{2}-\d{2}$/.test(s.release) ? days(s.release) : null,
          ingestedAt: s.ingestedAt,
          license: s.license,
        })),
      }),
    );
    respond(req, res, 200, ['Content-Type', JSON_TYPE, 'Cache-Control', 'no-store', 'Content-Length', String(body.length)], body);
  };
}
