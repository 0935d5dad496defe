import type { ServerResponse } from 'node:http';

/** Base of every problem `type` URI; the suffix names the kind and never changes. */
export const PROBLEM_BASE = 'https://disease-content-service.dev/problems/';

/** Every kind of error the API returns, with its status and stable title. */
export const PROBLEMS = {
  'invalid-parameters': { status: 400, title: 'Invalid request parameters' },
  'unauthorized': { status: 401, title: 'Missing or invalid API key' },
  'forbidden': { status: 403, title: 'The API key lacks the permission this endpoint needs' },
  'not-found': { status: 404, title: 'Resource not found' },
  'obsolete': { status: 410, title: 'The disease id is obsolete and has no single replacement' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'not-acceptable': { status: 406, title: 'Not acceptable' },
  'quota-exceeded': { status: 429, title: 'Quota exceeded for the subscription tier' },
  'internal': { status: 500, title: 'Internal server error' },
  'unavailable': { status: 503, title: 'Service unavailable' },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

/** One bad query or path parameter and why it was rejected. */
export interface InvalidParam {
  name: string;
  reason: 'unknown-parameter' | 'wrong-type' | 'out-of-range' | 'malformed' | 'not-allowed-value' | 'missing' | 'duplicate';
  detail: string;
}

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
