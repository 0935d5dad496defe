/**
 * Response headers and responses of the OpenAPI document. Which headers a response carries follows
 * the middleware order: auth and scope checks run before the quota, so 401 and 403 carry no
 * RateLimit fields, while every counted response (2xx, 301, 304, 400, 404, 410) and a 429 do.
 */

import { IMMUTABLE_CACHE } from '../contract/api/releases.ts';
import { PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../contract/api/problems.ts';

type Obj = Record<string, unknown>;

const headerRef = (name: string): Obj => ({ $ref: `#/components/headers/${name}` });
const schemaRef = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });
const PROBLEM_JSON = 'application/problem+json';

/** Every response header, keyed by its component name. */
export const HEADERS: Record<string, Obj> = {
  ETag: {
    description:
      'Weak entity tag `W/"<hash>"`: a SHA-256 of the identity-encoded body, the same for every content encoding. Send it back in `If-None-Match`.',
    schema: { type: 'string', pattern: '^W/".+"$' },
  },
  CacheControl: {
    description: `Authenticated responses: \`private, no-cache\` (store, but revalidate with \`If-None-Match\`); an old version of a record, which never changes: \`${IMMUTABLE_CACHE}\`. Errors: \`no-store\`.`,
    schema: { type: 'string' },
  },
  Vary: { description: 'Request headers that select the representation.', schema: { type: 'string' } },
  Link: {
    description: 'RFC 8288 links to the `first`, `prev`, `next` and `self` pages, the same as `links` in the body.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: {
    description:
      'Quota policies of the key (draft-ietf-httpapi-ratelimit-headers), one per limited window: `q` calls per window of `w` seconds, e.g. `"day";q=1000;w=86400, "month";q=10000;w=2678400`. Absent for unlimited keys.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'Calls left (`r`) and seconds until reset (`t`) in the window nearest to exhaustion, e.g. `"day";r=998;t=3600`; on a 429 the violated window. Absent for unlimited keys.',
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds until the violated window resets.', schema: { type: 'integer', minimum: 0 } },
  RetryAfterUnavailable: {
    description: 'Seconds after which to try again: about how long the server takes to reach a store that came back.',
    schema: { type: 'integer', minimum: 0 },
  },
  WWWAuthenticate: {
    description:
      'RFC 6750 Bearer challenge, e.g. `Bearer realm="disease-content-service", error="invalid_token", error_description="..."`; on a 403 `error="insufficient_scope"` with the needed `scope`.',
    schema: { type: 'string' },
  },
  Location: { description: 'The same resource of the replacement id; on a 201, the resource created.', schema: { type: 'string' } },
};

/** What an operation's responses depend on. */
export interface ResponseOptions {
  /** Needs an API key: adds 401, 403, 429 and the RateLimit headers. */
  auth: boolean;
  /** Takes `{mondoId}`: adds 301, 404 and 410. */
  resolvesDisease: boolean;
  /** The path has `{mondoId}`: other spellings of the id answer 308. */
  mondoIdForms?: boolean;
  /** Bytes of this media type served with byte ranges: adds 206. */
  rangeOf?: string;
  /** When another route answers 404: adds it, with this explanation. */
  notFound?: string;
  /** Adds the Link header to the 200 (the listing). */
  link?: boolean;
  /** Has an ETag and answers If-None-Match with 304. */
  etag?: boolean;
  /** Status of the success response (default 200; 201 adds Location, 204 has no body). */
  status?: 200 | 201 | 202 | 204;
  /** Problem kinds the operation answers besides the common ones. */
  problems?: readonly ProblemKind[];
  /** Takes a JSON request body: the 400 names body members too. */
  body?: boolean;
}

/** What an extra problem kind means for the operations that answer it. */
const EXTRA_PROBLEMS: Partial<Record<ProblemKind, string>> = {
  'not-found': "no such webhook endpoint (or delivery) for this API key; another key's endpoints do not exist for it.",
  conflict: '`detail` says which: the key already has the most endpoints it may have, or the endpoint is disabled.',
  'unsupported-media-type': 'the body was not sent as `Content-Type: application/json`.',
  'content-too-large': 'the text is longer than the route accepts (`detail` gives the limit); the rest of a body is not read.',
  'range-not-satisfiable':
    '`Range` starts past the end of the file (or is not one `bytes=` range); `Content-Range: bytes */size` gives the size.',
  unavailable: 'not ready: no snapshot loaded, shutting down, or a store this process requires does not answer; `checks` lists each check.',
};

const quotaHeaders = (auth: boolean): Obj =>
  auth ? { 'RateLimit-Policy': headerRef('RateLimitPolicy'), RateLimit: headerRef('RateLimit') } : {};
const cacheHeaders = (etag: boolean): Obj => ({
  ...(etag ? { ETag: headerRef('ETag') } : {}),
  'Cache-Control': headerRef('CacheControl'),
  Vary: headerRef('Vary'),
});

/** A problem document of `kind`, built as the server builds it (type URI and title from the contract). */
const example = (kind: ProblemKind, instance: string, detail: string, extensions: Obj = {}): Obj => ({
  type: PROBLEM_BASE + kind,
  title: PROBLEMS[kind].title,
  status: PROBLEMS[kind].status,
  detail,
  instance,
  requestId: 'req-1',
  ...extensions,
});

const EXAMPLES: Partial<Record<ProblemKind, Obj>> = {
  'invalid-parameters': example('invalid-parameters', '/api/v1/diseases', 'Invalid parameter: limit.', {
    invalidParams: [{ name: 'limit', reason: 'out-of-range', detail: 'must be between 1 and 100, got 500' }],
  }),
  unauthorized: example('unauthorized', '/api/v1/diseases', 'No API key: send the header `Authorization: Bearer <API key>`.', {
    reason: 'missing',
  }),
  forbidden: example(
    'forbidden',
    '/api/v1/diseases/bulk',
    "This endpoint needs the 'bulk' scope; this API key (tier developer) has: read, search.",
    { requiredScope: 'bulk', tier: 'developer' },
  ),
  'quota-exceeded': example(
    'quota-exceeded',
    '/api/v1/diseases/MONDO:0007739',
    'The daily quota of 1000 calls for this API key is used up; it resets at 2026-01-07T00:00:00Z.',
    {
      window: 'day',
      limit: 1000,
      reset: '2026-01-07T00:00:00Z',
      'violated-policies': ['day'],
    },
  ),
};

/** The response of a problem kind: its title (from the contract) and what it means for this operation. */
function problem(kind: ProblemKind, explanation: string, headers: Obj = {}): [number, Obj] {
  const example = EXAMPLES[kind];
  const description = `${PROBLEMS[kind].title} (\`${kind}\`): ${explanation}`;
  return [
    PROBLEMS[kind].status,
    {
      description,
      headers: { 'Cache-Control': headerRef('CacheControl'), ...headers },
      content: { [PROBLEM_JSON]: { schema: schemaRef('Problem'), ...(example ? { example } : {}) } },
    },
  ];
}

/**
 * The responses of one operation: `ok` is the 200 (description and schema component, or a
 * ready response object), then the redirect, revalidation and error responses that apply.
 */
export function responses(ok: { description: string; schema: string } | Obj, options: ResponseOptions): Obj {
  const quota = quotaHeaders(options.auth);
  const out: Obj = { [options.status ?? 200]: successResponse(ok, options, quota), ...otherSuccesses(options, quota) };
  for (const [status, response] of problemResponses(options, quota)) out[status] = response;
  return out;
}

/** The success response, with the headers it carries. */
function successResponse(ok: { description: string; schema: string } | Obj, options: ResponseOptions, quota: Obj): Obj {
  const { link = false, etag = true, status = 200 } = options;
  if ('schema' in ok && typeof ok.schema === 'string')
    return {
      description: ok.description,
      headers: {
        ...cacheHeaders(etag),
        ...(link ? { Link: headerRef('Link') } : {}),
        ...(status === 201 ? { Location: headerRef('Location') } : {}),
        ...quota,
      },
      content: { 'application/json': { schema: schemaRef(ok.schema) } },
    };
  if (status === 204) return { ...ok, headers: { 'Cache-Control': headerRef('CacheControl'), ...quota } };
  return options.rangeOf ? { ...ok, headers: { ...((ok as Obj).headers as Obj), ...quota } } : ok;
}

/** A byte range (206), another spelling of the id (308), an obsolete id (301) and a revalidation (304), where they apply. */
function otherSuccesses(options: ResponseOptions, quota: Obj): Obj {
  const out: Obj = {};
  if (options.rangeOf)
    out[206] = {
      description: 'Partial Content: the one byte range `Range` asked for; `Content-Range` says which bytes of how many.',
      headers: { 'Content-Range': { description: '`bytes a-b/size`.', schema: { type: 'string' } }, ...quota },
      content: { [options.rangeOf]: { schema: { type: 'string', format: 'binary' } } },
    };
  if (options.mondoIdForms)
    out[308] = {
      description:
        'The id was spelled another way (`mondo:0009061`, `MONDO_0009061`, the URL-encoded OBO PURL): `Location` is the same path with the canonical id, query kept. No body.',
      headers: { Location: headerRef('Location'), ...quota },
    };
  if (options.resolvesDisease)
    out[301] = {
      description:
        'The id is obsolete and has a replacement: `Location` is the same resource of the replacement; the body is a small redirect document.',
      headers: { Location: headerRef('Location'), ...quota },
      content: { 'application/json': { schema: schemaRef('ObsoleteRedirectResponse') } },
    };
  if (options.etag ?? true)
    out[304] = {
      description: 'Not Modified: `If-None-Match` matched the current ETag. No body.',
      headers: { ...cacheHeaders(true), ...quota },
    };
  return out;
}

/** The problem responses of an operation, in status order of appearance. */
function problemResponses(options: ResponseOptions, quota: Obj): [number, Obj][] {
  const { auth } = options;
  const retryLater = { 'Retry-After': headerRef('RetryAfterUnavailable') };
  const challenge = { 'WWW-Authenticate': headerRef('WWWAuthenticate') };
  const problems: [number, Obj][] = [
    problem(
      'invalid-parameters',
      options.body
        ? 'one `invalidParams` entry per bad parameter or body member (named by JSON pointer, `/url`; `(body)` for the body as a whole: too large, not JSON), including unknown ones.'
        : 'one `invalidParams` entry per bad parameter, including unknown ones.',
      quota,
    ),
  ];
  if (auth) {
    problems.push(problem('unauthorized', '`reason` says why the key was refused.', challenge));
    problems.push(problem('forbidden', '`requiredScope` and `tier` say which scope is missing.', challenge));
  }
  if (options.resolvesDisease) {
    problems.push(problem('not-found', 'a well-formed id that was never a Mondo class.', quota));
    problems.push(problem('obsolete', '`consider` lists current ids to look at.', quota));
  }
  if (options.notFound) problems.push(problem('not-found', options.notFound, quota));
  for (const kind of options.problems ?? [])
    if (kind !== 'unavailable') problems.push(problem(kind, EXTRA_PROBLEMS[kind] ?? PROBLEMS[kind].title, quota));
  if (auth) {
    problems.push(
      problem('quota-exceeded', 'not counted. `window`, `limit` and `reset` say which window and when it resets.', {
        'Retry-After': headerRef('RetryAfter'),
        ...quota,
      }),
    );
    problems.push(
      problem(
        'unavailable',
        'a store the call needs does not answer: the webhook outbox for the webhook operations, or the quota store when the operator set metered calls to be refused without it. Not counted; try again after `Retry-After`.',
        retryLater,
      ),
    );
  } else if (options.problems?.includes('unavailable')) problems.push(problem('unavailable', EXTRA_PROBLEMS.unavailable ?? '', retryLater));
  problems.push(problem('internal', 'not counted against the quota; a stored response that fails its integrity check is one.'));
  return problems;
}
