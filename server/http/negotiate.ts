import type { Encoding } from '../contract/snapshot/packs.ts';

const cache = new Map<string, Encoding>();
const CACHE_MAX = 256;

/**
 * Pick br, then gzip, then identity from Accept-Encoding, honouring q=0 refusals. Clients send a
 * handful of distinct headers, so results are memoized.
 */
export function pickEncoding(header: string | undefined, hasBr: boolean, hasGzip: boolean): Encoding {
  if (!header || (!hasBr && !hasGzip)) return 'identity';
  let accepts = cache.get(header);
  if (accepts === undefined) {
    accepts = parse(header);
    if (cache.size < CACHE_MAX) cache.set(header, accepts);
  }
  if (accepts === 'br') return hasBr ? 'br' : hasGzip && gzipOk(header) ? 'gzip' : 'identity';
  if (accepts === 'gzip') return hasGzip ? 'gzip' : 'identity';
  return 'identity';
}

function weights(header: string): Map<string, number> {
  const w = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q=([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (name) w.set(name, q);
  }
  return w;
}

function accepted(w: Map<string, number>, name: string): boolean {
  const q = w.get(name) ?? w.get('*');
  return q !== undefined && q > 0;
}

function parse(header: string): Encoding {
  const w = weights(header);
  if (accepted(w, 'br')) return 'br';
  if (accepted(w, 'gzip')) return 'gzip';
  return 'identity';
}

function gzipOk(header: string): boolean {
  return accepted(weights(header), 'gzip');
}
