import { type InvalidParam, PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../contract/api/problems.ts';
import type { Req, Res } from './context.ts';
import { redactSecrets } from './redact.ts';
import { respond } from './respond.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  [extension: string]: unknown;
}

/** Build an RFC 9457 problem document of the given kind; extensions are added as members. */
export function problem(kind: ProblemKind, detail: string, extensions: Record<string, unknown> = {}): Problem {
  const { status, title } = PROBLEMS[kind];
  return { type: PROBLEM_BASE + kind, title, status, detail, ...extensions };
}

/**
 * Send a problem as application/problem+json, with `extra` headers (WWW-Authenticate, Allow,
 * Retry-After). The request's own headers (request id, rate limits) go too; HEAD gets no body.
 */
export function sendProblem(req: Req, res: Res, p: Problem, extra: string[] = []): void {
  // Every problem names where it happened and which request, whoever raised it.
  if (p.instance === undefined) p.instance = req.path ?? (req.url ?? '').split('?')[0];
  if (p.requestId === undefined) p.requestId = req.ctx.id;
  const body = Buffer.from(redactSecrets(JSON.stringify(p)));
  respond(
    req,
    res,
    p.status,
    [
      'Content-Type',
      'application/problem+json; charset=utf-8',
      'Content-Length',
      String(body.length),
      'Cache-Control',
      'no-store',
      ...extra,
    ],
    body,
  );
}

/** Answer a 400 that lists every bad parameter. */
export function badRequest(req: Req, res: Res, errors: InvalidParam[]): void {
  const names = errors.map((e) => e.name).join(', ');
  sendProblem(
    req,
    res,
    problem('invalid-parameters', `Invalid parameter${errors.length > 1 ? 's' : ''}: ${names}.`, { invalidParams: errors }),
  );
}

/** 405 for a method the path does not serve, with the Allow header RFC 9110 requires. */
export function methodNotAllowed(req: Req, res: Res, allow: string): void {
  sendProblem(req, res, problem('method-not-allowed', `${req.method} is not supported on this path; allowed: ${allow}.`), ['Allow', allow]);
}
