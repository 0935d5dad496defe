import type { ROUTES } from '../contract/api/routes.ts';
import type { Req, Res } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { respond } from '../http/respond.ts';
import { JSON_TYPE } from '../http/send.ts';

/** One thing readiness looks at (content/schemas/readiness-check.schema.json). */
export interface ReadinessCheck {
  name: 'snapshot' | 'shutdown' | 'quota-store' | 'webhook-store';
  ok: boolean;
  /** A failed required check makes the process not ready; a failed optional one is only reported. */
  required: boolean;
  detail: string;
}

/** How long a load balancer should wait before asking a process that is not ready again. */
export const NOT_READY_RETRY_SECONDS = 2;

function sendJson(req: Req, res: Res, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  respond(req, res, 200, ['Content-Type', JSON_TYPE, 'Cache-Control', 'no-store', 'Content-Length', String(bytes.length)], bytes);
}

/** GET /api/v1/health/live: 200 while the event loop turns; it looks at nothing else, so a store outage never restarts the process. */
export function livenessResource(startedAt: number): RouteHandler<(typeof ROUTES)['getLiveness']> {
  return function liveness(req, res): void {
    sendJson(req, res, { status: 'live', uptimeSeconds: Math.max(0, Math.floor((Date.now() - startedAt) / 1000)) });
  };
}

/**
 * GET /api/v1/health/ready: 200 with every check when no required check fails; otherwise a 503
 * `unavailable` problem with `Retry-After` and the same checks, so a load balancer stops sending
 * this process traffic (no snapshot, shutting down, a required store away) and resumes once it
 * passes again.
 */
export function readinessResource(checks: () => ReadinessCheck[]): RouteHandler<(typeof ROUTES)['getReadiness']> {
  return function readiness(req, res): void {
    const list = checks();
    const failed = list.filter((c) => c.required && !c.ok);
    if (failed.length === 0) return sendJson(req, res, { status: 'ready', checks: list });
    sendProblem(
      req,
      res,
      problem('unavailable', `Not ready: ${failed.map((c) => `${c.name} (${c.detail})`).join('; ')}.`, { checks: list }),
      ['Retry-After', String(NOT_READY_RETRY_SECONDS)],
    );
  };
}
