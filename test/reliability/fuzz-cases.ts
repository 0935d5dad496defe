import { ROUTE_LIST } from '../../server/routes/route-table.ts';
import type { Req } from './harness.ts';

/**
 * Hostile requests made from a seed: request i of a run is `fuzzCase(seed + i, env)`, so any one
 * can be sent again alone (RELIABILITY_FUZZ_REPLAY). Each draws a method, a path (a route of the
 * table filled with good or bad values, then perhaps mangled: traversal, bad or double percent
 * encoding, overlong, odd case, dot segments, encoded slashes), a query (known and unknown
 * parameters, duplicates, prototype-polluting names, absurd values), headers (keys good and bad,
 * odd Accept, Accept-Encoding, If-None-Match, Range, Expect, Origin, Content-Type, request ids,
 * repeated fields) and sometimes a body where none belongs. Everything here is something node:http
 * will send; bytes it refuses to send (control characters, bad header names) are the raw part's.
 */

export interface FuzzEnv {
  /** API keys by role: one per tier, a test key and a revoked one. */
  keys: Record<string, string>;
  /** A webhook endpoint id of the professional key, and one of another key. */
  webhookIds: string[];
}

/** mulberry32: a small, fast, seedable PRNG (deterministic across Node versions). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;

/** A seeded picker of one element of a list. */
export function prngPick(seed: number): <T>(xs: readonly T[]) => T {
  const r = prng(seed);
  return (xs) => xs[Math.floor(r() * xs.length)];
}
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const chance = (r: Rand, p: number) => r() < p;

const METHODS = [
  'GET',
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'MKCOL',
  'LOCK',
  'PURGE',
  'SEARCH',
  'REPORT',
  'FOO',
  'get',
  'G3T',
];
const IDS = [
  'MONDO:0007739',
  'MONDO:0009061',
  'MONDO:0018917',
  'MONDO:0015118',
  'MONDO:9999999',
  'MONDO:0000001',
  'mondo:0007739',
  'MONDO_0007739',
  'MONDO:7739',
  'MONDO:00077390',
  'MONDO%3A0007739',
  'HP:0000118',
  '',
  '0',
  '-1',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '..',
  '%2e%2e',
  'MONDO:0007739%00',
  'MONDO:0007739;x=1',
  'MONDO:0007739.json',
  '💥',
  '%F0%9F%92%A5',
  'A'.repeat(300),
];
const SECTIONS = [
  'overview',
  'genetics',
  'clinical-features',
  'epidemiology',
  'treatment',
  'research',
  'support',
  'screening-and-diagnosis',
  'nope',
  'OVERVIEW',
  '__proto__',
  '',
];
const HPO_IDS = ['HP:0001250', 'HP:0000118', 'hp:0001250', 'HP_0001250', 'HP:1', 'HP:99999999', 'HP:0000000', '__proto__', ''];
const RELEASES = ['r1', 'latest', 'r0', 'r999999', 'R1', 'r-1', 'r1.5', `r${'9'.repeat(40)}`, 'release', ''];
const VERSIONS = ['1', '0', '-1', '2', '999999', '1.0', 'latest', '1e3', '0x1', ''];
/** Every route of the table (so a new route is fuzzed the day it lands), then paths no route serves. */
const TEMPLATES = [
  ...new Set(ROUTE_LIST.map((route) => route.path)),
  '/api/v1/webhooks/{webhookId}/deliveries/dlv_AAAAAAAAAAAAAAAAAAAAAA/retry',
  '/docs',
  '/docs/',
  '/docs/index.html',
  '/docs/swagger-ui.css',
  '/docs/init.js',
  '/docs/../../../../etc/passwd',
  '/docs/..%2f..%2f..%2fetc%2fpasswd',
  '/docs/%2e%2e/%2e%2e/package.json',
  '/',
  '/api',
  '/api/v2/diseases',
  '/metrics',
  '/.env',
  '/server/settings.ts',
  '/dist/current/manifest.json',
  '/objects/ab/x.json',
];
const PARAMS = [
  'q',
  'phenotypes',
  'excluded',
  'limit',
  'offset',
  'sort',
  'ids',
  'sections',
  'highlight',
  'facets',
  'gene',
  'inheritance',
  'onset',
  'prevalence',
  'isRare',
  'hasContent',
  'hasTrials',
  'hasActiveTrials',
  'hasExpertContent',
  'hasCuratedDefinition',
  'minTrialCount',
  'inheritancePattern',
  'onsetCategory',
  'status',
  'since',
  'format',
  'fields',
];
const POLLUTING = [
  '__proto__',
  '__proto__[x]',
  '__proto__.x',
  'constructor',
  'constructor[prototype][x]',
  'constructor.prototype.x',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  '[]',
  'a[]',
  'a[b][c]',
  '',
  '%00',
  'limit[]',
  'q[0]',
  'q.length',
];
const VALUES = [
  '1',
  '0',
  '-1',
  '20',
  '100',
  '101',
  '1e309',
  '9'.repeat(30),
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1.5',
  ' 5',
  'true',
  'false',
  'TRUE',
  'yes',
  'null',
  '',
  'cystic fibrosis',
  'CFTR',
  'huntington',
  'MONDO:0007739',
  'MONDO:0007739,MONDO:0009061',
  'MONDO:0007739,MONDO:0007739',
  ',',
  ',,,',
  'overview,genetics',
  'overview,nope',
  'autosomal-recessive',
  'x-linked,unknown',
  'relevance',
  '-label',
  '--label',
  'pending',
  'yaml',
  'json',
  'xml',
  '%',
  '%zz',
  '%00',
  '%c0%af',
  '%ff%fe',
  '%E2%80%AE',
  '%F0%9F%92%A5',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j lookup string, sent as it is
  '${jndi:ldap://x}',
  '{{7*7}}',
  '../../etc/passwd',
  '\\u0000',
  'a'.repeat(250),
  'é',
  'ß',
  'İ',
  'ǅ',
  'ﬁ',
  'q'.repeat(2000),
];
const ACCEPTS = [
  'application/json',
  '*/*',
  'application/problem+json',
  'text/html',
  'application/yaml',
  'application/xml',
  'image/png',
  '',
  'application/json;q=0',
  '*/*;q=abc',
  'application/*',
  ';;;',
  'a/b, c/d;q=0.5, */*;q=0.1',
  'application/json, '.repeat(200),
];
const ENCODINGS = [
  'gzip',
  'br',
  'gzip, deflate, br',
  'identity',
  '*',
  'br;q=0',
  'gzip;q=0, br;q=0, identity;q=0',
  'br;q=2',
  'gzip;q=-1',
  'zstd',
  'compress',
  ',',
  'br;q=abc',
  'x'.repeat(500),
];
const ETAGS = ['*', 'W/"x"', '"x"', 'W/"', '"', 'W/"a", W/"b"', '*, W/"x"', 'garbage', `W/"${'a'.repeat(2000)}"`];
const RANGES = ['bytes=0-10', 'bytes=99999999-', 'bytes=-500', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes=abc', 'items=0-5', 'bytes=0-'];
const EXPECTS = ['100-continue', 'foo', '200-ok', '', '100-continue, foo'];
const TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  ';',
  'application/json, text/plain',
];
const BODIES = [
  '{}',
  '{"url":"https://example.org/hook"}',
  '{"url":"http://127.0.0.1:1/hook"}',
  '{"url":"https://169.254.169.254/latest/meta-data"}',
  '{"url":"https://[::ffff:127.0.0.1]/x","events":["release.published"]}',
  '{"__proto__":{"admin":true},"url":"https://example.org"}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"url":"https://example.org","url":"https://evil.example"}',
  '{"enabled":"yes"}',
  '{"events":["nope"],"diseases":["MONDO:0007739","MONDO:0007739"]}',
  `{"description":"${'d'.repeat(5000)}"}`,
  `[${'['.repeat(500)}${']'.repeat(500)}]`,
  `{"a":${'1'.repeat(400)}}`,
  'not json',
  '\u0000\u0001\u0002',
  'null',
  '"string"',
  `{"diseases":${JSON.stringify(Array.from({ length: 150 }, (_, i) => `MONDO:${String(i).padStart(7, '0')}`))}}`,
];

function fillTemplate(r: Rand, t: string, env: FuzzEnv): string {
  return (
    t
      .replace('{mondoId}', () => pick(r, IDS))
      .replace('{section}', () => pick(r, SECTIONS))
      .replace('{releaseId}', () => pick(r, RELEASES))
      .replace('{version}', () => pick(r, VERSIONS))
      .replace('{hpoId}', () => pick(r, HPO_IDS))
      .replace('{deliveryId}', () => pick(r, ['dlv_AAAAAAAAAAAAAAAAAAAAAA', 'dlv_x', '..', '']))
      .replace('{webhookId}', () => (chance(r, 0.6) ? pick(r, env.webhookIds) : pick(r, ['ep_x', `ep_${'A'.repeat(22)}`, '..', '%00', ''])))
      // A route added later with a parameter of another name still gets a value.
      .replace(/\{\w+\}/g, () => pick(r, ['x', '..', '%00', '']))
  );
}

/** Ways a path is mangled: traversal, encodings, case, segments. */
const MANGLES: ((p: string, r: Rand) => string)[] = [
  (p) => p,
  (p) => p,
  (p) => p,
  (p) => `${p}/`,
  (p) => `${p}//`,
  (p) => p.replace(/\//g, '//'),
  (p) => p.replace('/api/', '/api/./'),
  (p) => p.replace('/v1/', '/v1/../v1/'),
  (p) => p.replace('/v1/', '/v1/%2e%2e/v1/'),
  (p) => p.replace(/\//g, '%2F'),
  (p) => p.replace('/api', '/%61pi'),
  (p) => p.toUpperCase(),
  (p) => `${p}%`,
  (p) => `${p}%zz`,
  (p) => `${p}%00`,
  (p) => `${p}%c0%af..%c0%af`,
  (p) => `${p}/..%5c..%5c`,
  (p) => `${p}/%252e%252e%252f`,
  (p) => `${p};jsessionid=x`,
  (p) => `${p}#frag`,
  (p) => `${p}?`,
  (p) => `${p}?&&&`,
  (p, r) => `${p}/${'a'.repeat(Math.floor(r() * 6000))}`,
  (p) => `${p}/\u00e9\u00ff`,
  (p) => p.replace('/api/v1', ''),
  (p) => `/api/v1/../../..${p}`,
  (p) => `http://evil.example${p}`,
  (_p) => `*`,
];

function query(r: Rand): string {
  const n = Math.floor(r() * 5);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = chance(r, 0.25) ? pick(r, POLLUTING) : chance(r, 0.1) ? `x${Math.floor(r() * 100)}` : pick(r, PARAMS);
    const value = pick(r, VALUES);
    const encoded = chance(r, 0.5) ? encodeURIComponent(value) : sendable(value.replace(/[\s#]/g, '+'));
    parts.push(chance(r, 0.05) ? name : `${name}=${encoded}`);
    if (chance(r, 0.15)) parts.push(`${name}=${encodeURIComponent(pick(r, VALUES))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function authorization(r: Rand, env: FuzzEnv): string | undefined {
  const k = env.keys;
  switch (Math.floor(r() * 14)) {
    case 0:
      return undefined;
    case 1:
      return `Bearer ${k.free}`;
    case 2:
      return `Bearer ${k.developer}`;
    case 3:
    case 4:
    case 5:
      return `Bearer ${k.professional}`;
    case 6:
      return `Bearer ${k.enterprise}`;
    case 7:
      return `Bearer ${k.test}`;
    case 8:
      return `Bearer ${k.revoked}`;
    case 9:
      return `Bearer ${k.professional.slice(0, -1)}X`;
    case 10:
      return `Basic ${Buffer.from(`user:${k.professional}`).toString('base64')}`;
    case 11:
      return pick(r, ['Bearer', 'Bearer ', `bearer  ${k.enterprise}`, 'Bearer svc_live_', 'Token x', `Bearer ${'x'.repeat(4000)}`]);
    case 12:
      return `Bearer svc_live_${'A'.repeat(38)}`;
    default:
      return `Bearer ${k.professional} ${k.enterprise}`;
  }
}

/** `text` with what node:http refuses to put in a request target (controls, space, beyond Latin-1) percent-encoded. */
function sendable(text: string): string {
  return text.replace(/[^\u0021-\u00ff]/gu, (c) => encodeURIComponent(c));
}

/** The hostile request made from `seed`. */
export function fuzzCase(seed: number, env: FuzzEnv): Req {
  const r = prng(seed);
  const method = pick(r, METHODS);
  const template = pick(r, TEMPLATES);
  const path = sendable(pick(r, MANGLES)(fillTemplate(r, template, env), r) + (chance(r, 0.6) ? query(r) : ''));
  const headers: Record<string, string | string[]> = {};
  const auth = authorization(r, env);
  if (auth !== undefined) headers.authorization = chance(r, 0.05) ? [auth, `Bearer ${env.keys.free}`] : auth;
  if (chance(r, 0.3)) headers.accept = pick(r, ACCEPTS);
  if (chance(r, 0.4)) headers['accept-encoding'] = pick(r, ENCODINGS);
  if (chance(r, 0.15)) headers['if-none-match'] = pick(r, ETAGS);
  if (chance(r, 0.05)) headers['if-modified-since'] = pick(r, ['Tue, 01 Jan 1980 00:00:00 GMT', 'yesterday', '']);
  if (chance(r, 0.08)) headers.range = pick(r, RANGES);
  if (chance(r, 0.05)) headers.expect = pick(r, EXPECTS);
  if (chance(r, 0.08)) headers.origin = pick(r, ['https://example.org', 'null', 'http://localhost:3000', 'x'.repeat(300)]);
  if (chance(r, 0.05)) headers['access-control-request-method'] = pick(r, ['GET', 'POST', 'DELETE', 'FOO']);
  if (chance(r, 0.1))
    headers['x-request-id'] = pick(r, ['abc', '', 'a'.repeat(200), '../../x', env.keys.enterprise, 'id with space', '\u00e9']);
  if (chance(r, 0.05)) headers.cookie = pick(r, ['a=b', `session=${'x'.repeat(3000)}`]);
  if (chance(r, 0.03)) headers.host = pick(r, ['', 'evil.example', 'a'.repeat(300), '127.0.0.1:1']);
  if (chance(r, 0.03)) headers['x-http-method-override'] = pick(r, ['DELETE', 'PUT']);
  if (chance(r, 0.03)) headers['content-encoding'] = pick(r, ['gzip', 'br', 'x']);
  if (chance(r, 0.02)) headers.connection = pick(r, ['close', 'keep-alive, upgrade', 'x']);
  if (chance(r, 0.02)) headers.upgrade = pick(r, ['websocket', 'h2c']);
  let body: string | undefined;
  // Bodies where none belong (GET, DELETE, HEAD...) as well as on the routes that take one.
  if (method !== 'HEAD' && (chance(r, 0.15) || (method !== 'GET' && chance(r, 0.6)))) {
    body = pick(r, BODIES);
    if (chance(r, 0.7)) headers['content-type'] = pick(r, TYPES);
    // Framed as HTTP frames a body: node:http sends a GET's or DELETE's body with neither, which is
    // not a body but the start of a next request (the raw part sends such bytes on purpose).
    if (chance(r, 0.8)) headers['content-length'] = String(Buffer.byteLength(body));
    else headers['transfer-encoding'] = 'chunked';
  }
  return { method, path, headers, body };
}
