import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { queryFamilies } from '../bench/search-queries.ts';
import { type FuzzEnv, fuzzCase, prng } from './fuzz-cases.ts';
import type { Req } from './harness.ts';

/** What the soak needs to make requests: keys, a webhook endpoint, the diseases, remembered ETags. */
export interface SoakEnv {
  keys: Record<string, string>;
  webhookId: string;
  rows: ListingRow[];
  fuzz: FuzzEnv;
}

const ENCODINGS = ['gzip, deflate, br', 'gzip', 'identity', undefined];
const RESOURCES = [
  '',
  '/summary',
  '/phenotypes',
  '/pags',
  '/assistance',
  '/orphan-drugs',
  '/screening',
  '/sections/genetics',
  '/versions',
  '/versions/1',
];
const FILTERS = [
  '',
  '&isRare=true',
  '&inheritance=autosomal-recessive',
  '&onset=childhood,adult',
  '&prevalence=rare',
  '&hasTrials=true',
  '&sort=-activeTrialCount',
];

/**
 * A seeded mix of what clients do, weighted as a busy day might be: records and their parts in
 * every encoding (a third of them revalidated with the ETag last seen), search with filters,
 * highlights and facets, listing pages, bulk, the release history, webhook calls, the public
 * endpoints, client mistakes (400, 401, 404) and a sprinkle of the fuzz's hostile requests.
 */
export function soakMix(env: SoakEnv, seed: number): { next: (i: number) => Req; seen: (path: string, etag: string | undefined) => void } {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const queries = Object.values(queryFamilies(env.rows, 300)).flat();
  const ids = env.rows.map((x) => x.id);
  const etags = new Map<string, string>();
  const keyed = (path: string, extra: Record<string, string> = {}, key = env.keys.professional): Req => {
    const enc = pick(ENCODINGS);
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...extra };
    if (enc) headers['accept-encoding'] = enc;
    const tag = etags.get(path);
    if (tag && r() < 0.35) headers['if-none-match'] = tag;
    return { method: 'GET', path, headers };
  };
  const seen = (path: string, etag: string | undefined) => {
    if (etag) etags.set(path, etag);
  };
  const next = (i: number): Req => {
    const x = r();
    if (x < 0.4)
      return keyed(`/api/v1/diseases/${pick(ids)}${pick(RESOURCES)}`, {}, r() < 0.3 ? env.keys.enterprise : env.keys.professional);
    if (x < 0.55) {
      const q = encodeURIComponent(pick(queries));
      return keyed(
        `/api/v1/diseases/search?q=${q}${pick(FILTERS)}${r() < 0.3 ? '&highlight=true' : ''}${r() < 0.2 ? '&facets=true' : ''}&offset=${pick([0, 0, 20, 40])}`,
      );
    }
    if (x < 0.65) return keyed(`/api/v1/diseases?limit=${pick([10, 20, 100])}&offset=${Math.floor(r() * 20000)}${pick(FILTERS)}`);
    if (x < 0.7) {
      const n = 2 + Math.floor(r() * 20);
      return keyed(
        `/api/v1/diseases/bulk?ids=${Array.from({ length: n }, () => pick(ids))
          .filter((v, k, a) => a.indexOf(v) === k)
          .join(',')}`,
      );
    }
    if (x < 0.75)
      return keyed(
        pick([
          '/api/v1/releases',
          '/api/v1/releases/latest',
          '/api/v1/releases/r1/changes?limit=50',
          `/api/v1/releases/latest/changes?offset=${Math.floor(r() * 20000)}`,
        ]),
      );
    if (x < 0.8)
      return keyed(
        pick([
          `/api/v1/diseases/MONDO:${String(Math.floor(r() * 9999999)).padStart(7, '0')}`,
          '/api/v1/diseases?limit=500',
          '/api/v1/diseases/nope',
          '/api/v1/nowhere',
        ]),
      );
    if (x < 0.82)
      return {
        method: 'GET',
        path: '/api/v1/diseases/MONDO:0007739',
        headers: { authorization: pick(['Bearer svc_live_x', 'Basic x', '']) },
      };
    if (x < 0.84)
      return keyed(pick(['/api/v1/webhooks', `/api/v1/webhooks/${env.webhookId}`, `/api/v1/webhooks/${env.webhookId}/deliveries?limit=5`]));
    if (x < 0.845)
      return {
        method: 'POST',
        path: `/api/v1/webhooks/${env.webhookId}/test`,
        headers: { authorization: `Bearer ${env.keys.professional}` },
      };
    if (x < 0.9)
      return { method: 'GET', path: pick(['/api/v1/health', '/api/v1/health/ready', '/api/v1/health/live', '/api/v1/openapi', '/docs/']) };
    return { ...fuzzCase(10_000_000 + i, env.fuzz), hostile: true };
  };
  return { next, seen };
}
