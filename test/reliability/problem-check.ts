import { PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../../server/contract/api/problems.ts';
import { METHODS } from 'node:http';
import type { Answer } from './harness.ts';

/**
 * Why an answer is not a proper error, or null when it is fine: every 4xx and 5xx must be
 * `application/problem+json` whose `type` is a known kind with that kind's status and title (a HEAD
 * answer has the type and no body). Answers below 400 are not looked at here.
 */
export function problemFault(a: Answer, method: string): string | null {
  if (a.status < 400) return null;
  const type = String(a.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json')) return `${a.status} with Content-Type "${type}"`;
  if (method === 'HEAD') return a.body.length === 0 ? null : `HEAD ${a.status} with a body`;
  let p: { type?: string; title?: string; status?: number };
  try {
    p = JSON.parse(a.body.toString('utf8'));
  } catch {
    return `${a.status} problem body is not JSON`;
  }
  const kind = (p.type ?? '').slice(PROBLEM_BASE.length) as ProblemKind;
  const known = p.type?.startsWith(PROBLEM_BASE) ? PROBLEMS[kind] : undefined;
  if (!known) return `${a.status} problem of unknown type ${p.type}`;
  if (known.status !== a.status || p.status !== a.status) return `${a.status} answer with a ${kind} problem (${known.status})`;
  if (p.title !== known.title) return `${kind} problem titled "${p.title}"`;
  return null;
}

/** Methods Node's HTTP parser knows; a request with any other is not HTTP it can read. */
const PARSED_METHODS = new Set(METHODS);

/**
 * Whether a connection dropped without an answer is one the issue allows ("a problem, a timeout or
 * a close"): only for a request Node's parser rejects in its request line (a method HTTP does not
 * have, a target that is neither a path, `*` nor an absolute URL, or has bytes beyond ASCII).
 * Such requests are answered with
 * a problem nearly always (every one of the fuzz's 100,000); about 2 in 800,000 of the soak's
 * keep-alive requests saw the close instead of the answer.
 */
export function closeAllowed(method: string, target: string): boolean {
  return !PARSED_METHODS.has(method) || !/^(\/|\*|https?:)/.test(target) || /[^\x21-\x7e]/.test(target);
}
