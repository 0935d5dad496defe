import type { ServerResponse } from 'node:http';
import { PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../contract/problems.ts';

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
 * Send a problem as application/problem+json. Headers already set on `res` (rate-limit fields,
 * WWW-Authenticate, Allow) are kept. HEAD requests get the headers without the body.
 */
export function sendProblem(res: ServerResponse, p: Problem, method = 'GET'): void {
  // Every problem names where it happened and which request, whoever raised it.
  const req = res.req as (typeof res.req & { path?: string; ctx?: { id: string } }) | undefined;
  if (req && p.instance === undefined) p.instance = req.path ?? (req.url ?? '').split('?')[0];
  if (req?.ctx && p.requestId === undefined) p.requestId = req.ctx.id;
  const body = Buffer.from(JSON.stringify(p));
  res.statusCode = p.status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.end(method === 'HEAD' ? undefined : body);
}
