/**
 * Every kind of error the API returns: its stable `type` URI, status and title, and the reasons a
 * parameter can be rejected. The server sends them; the build documents them in the OpenAPI
 * document (problem type enum, responses, description).
 */

/** Base of every problem `type` URI; the suffix names the kind and never changes. */
export const PROBLEM_BASE = 'https://disease-content-service.dev/problems/';

/** Every kind of error the API returns, with its status and stable title. */
export const PROBLEMS = {
  'invalid-parameters': { status: 400, title: 'Invalid request parameters' },
  'malformed-request': { status: 400, title: 'The request is not valid HTTP' },
  unauthorized: { status: 401, title: 'Missing or invalid API key' },
  forbidden: { status: 403, title: 'The API key lacks the permission this endpoint needs' },
  'not-found': { status: 404, title: 'Resource not found' },
  obsolete: { status: 410, title: 'The disease id is obsolete and has no single replacement' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'not-acceptable': { status: 406, title: 'Not acceptable' },
  'request-timeout': { status: 408, title: 'The request was not received in time' },
  conflict: { status: 409, title: 'The request conflicts with the state of the resource' },
  'content-too-large': { status: 413, title: 'The request is larger than this endpoint accepts' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'expectation-failed': { status: 417, title: 'The Expect header asks for something this server does not do' },
  'headers-too-large': { status: 431, title: 'Request header fields too large' },
  'range-not-satisfiable': { status: 416, title: 'The requested range is not satisfiable' },
  'quota-exceeded': { status: 429, title: 'Quota exceeded for the subscription tier' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

/** Why a parameter was rejected (`invalidParams[].reason` of a 400). */
export const INVALID_PARAM_REASONS = [
  'unknown-parameter',
  'wrong-type',
  'out-of-range',
  'malformed',
  'not-allowed-value',
  'missing',
  'duplicate',
  'too-large',
  'forbidden-destination',
] as const;
export type InvalidParamReason = (typeof INVALID_PARAM_REASONS)[number];

/** One bad query or path parameter, or request body member (named by its JSON pointer, `/url`), and why it was rejected. */
export interface InvalidParam {
  name: string;
  reason: InvalidParamReason;
  detail: string;
}

/** Why a key was refused (`reason` of a 401). */
export const AUTH_FAILURES = ['missing', 'malformed', 'checksum', 'unknown-or-revoked'] as const;
export type AuthFailure = (typeof AUTH_FAILURES)[number];
