import { parse as parseQuery } from 'node:querystring';
import type { Handler, Req } from './context.ts';

interface Entry {
  pattern: RegExp;
  keys: string[];
  handler: Handler;
  /** The pattern's static segments (position in the path's segments, lower-cased text). */
  statics: [number, string][];
}

/**
 * The API's route patterns, looked up by the number of path segments: a request is matched against
 * the two or three patterns of its length, where polka's router tries every pattern's regular
 * expression in turn (and spends a promise per request running its handler list). Matching is
 * polka's, exactly: the same expressions (case-insensitive, an optional trailing slash, a
 * parameter is one non-empty segment), the first pattern in the order added answers, and the
 * parameters of every pattern that matched are merged. Patterns are static segments and `:name`
 * parameters only.
 */
export class PathMatcher {
  readonly #byLength = new Map<number, Entry[]>();

  /** Add a pattern (`/api/v1/diseases/:mondoId`) and the handler that answers it, for every method. */
  add(pattern: string, handler: Handler): void {
    const segments = pattern.split('/').slice(1);
    const keys: string[] = [];
    const statics: [number, string][] = [];
    let source = '';
    segments.forEach((s, i) => {
      if (s.startsWith(':')) {
        keys.push(s.slice(1));
        source += '/([^/]+?)';
      } else if (/^[\w-]+$/.test(s)) {
        source += `/${s}`;
        statics.push([i + 1, s.toLowerCase()]);
      } else throw new Error(`PathMatcher: unsupported segment "${s}" in ${pattern}`);
    });
    const list = this.#byLength.get(segments.length) ?? [];
    list.push({ pattern: new RegExp(`^${source}\\/?$`, 'i'), keys, handler, statics });
    this.#byLength.set(segments.length, list);
  }

  /**
   * Match a request and fill in what polka would (path, url, query, search, params); returns the
   * handler, or null with the request untouched when no pattern matches.
   */
  match(req: Req): Handler | null {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?', 1);
    const hash = raw.indexOf('#', 1);
    if (hash !== -1) return null; // not sent by clients; polka's parser has the last word on it
    const path = q === -1 ? raw : raw.slice(0, q);
    const slashes = countSlashes(path);
    const list = this.#byLength.get(path.length > 1 && path.endsWith('/') ? slashes - 1 : slashes);
    if (!list) return null;
    let handler: Handler | null = null;
    let params: Record<string, string> | null = null;
    // A pattern whose static segments differ from the path's (ignoring ASCII case, as its expression
    // does: it matches no other letters) cannot match: most are passed over without their expression.
    const lower = path.toLowerCase().split('/');
    for (const e of list) {
      if (!staticsMatch(e.statics, lower)) continue;
      const m = e.pattern.exec(path);
      if (m === null) continue;
      params ??= {};
      for (let j = 0; j < e.keys.length; ) params[e.keys[j]] = m[++j];
      handler ??= e.handler;
    }
    if (handler === null) return null;
    const search = q === -1 ? '' : raw.slice(q);
    req.path = path;
    req.url = path + search;
    const r = req as Req & { originalUrl?: string };
    r.originalUrl ??= req.url;
    req.query = search.length > 1 ? (parseQuery(search.slice(1)) as Req['query']) : {};
    req.search = search;
    if (path.indexOf('%', 1) !== -1)
      for (const k in params)
        try {
          params[k] = decodeURIComponent(params[k]!);
        } catch {
          // A malformed escape stays as sent (as polka leaves it); validation names it.
        }
    req.params = params!;
    return handler;
  }
}

function staticsMatch(statics: [number, string][], segments: string[]): boolean {
  for (const [i, s] of statics) if (segments[i] !== s) return false;
  return true;
}

function countSlashes(path: string): number {
  let n = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) n++;
  return n;
}
