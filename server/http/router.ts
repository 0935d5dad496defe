import { type ParsedURL, parse } from '@polka/url';
import type { Handler, Req } from './context.ts';

interface Entry {
  /** The pattern with its parameters unnamed (`/diseases/:`): two patterns alike match the same paths. */
  shape: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
  /** The pattern's static segments (position in the path's segments, lower-cased text). */
  statics: [number, string][];
  /** Per segment, 1 when static: a pattern whose first static-ness difference is static wins. */
  rank: number[];
}

interface Mount {
  /** The prefix, lower-cased, without a trailing slash (`/docs`). */
  prefix: string;
  handler: Handler;
}

/**
 * The one router of the app: every request, in production and in tests, is matched here. Patterns
 * are static segments and `:name` parameters, matched ignoring ASCII case, with an optional
 * trailing slash; a parameter is one non-empty segment, percent-decoded. Where two patterns match
 * a path, the one with a static segment where the other has a parameter wins, at the first
 * position they differ (as in fastify), so the order routes are added in never matters:
 * `/phenotypes/annotate` answers before `/phenotypes/:hpoId` whichever was added first. Patterns
 * are kept by their number of segments, most specific first, so a request is tried against the
 * few of its length, and most of those are passed over on their static segments alone. A mount
 * (`mount('/docs', handler)`) takes the prefix and every path below it.
 */
export class Router {
  readonly #byLength = new Map<number, Entry[]>();
  readonly #mounts: Mount[] = [];

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
      } else throw new Error(`Router: unsupported segment "${s}" in ${pattern}`);
    });
    const rank = segments.map((s) => (s.startsWith(':') ? 0 : 1));
    const shape = segments.map((s) => (s.startsWith(':') ? ':' : s.toLowerCase())).join('/');
    const list = this.#byLength.get(segments.length) ?? [];
    if (list.some((e) => e.shape === shape)) throw new Error(`Router: ${pattern} matches the paths of a pattern added before`);
    list.push({ shape, pattern: new RegExp(`^${source}\\/?$`, 'i'), keys, handler, statics, rank });
    list.sort((a, b) => moreSpecific(a.rank, b.rank));
    this.#byLength.set(segments.length, list);
  }

  /**
   * Hand `prefix` and every path below it to `handler`, which sees `req.path` whole and `req.url`
   * without the prefix (`/docs/index.html` -> `/index.html`), as a static file server expects.
   */
  mount(prefix: string, handler: Handler): void {
    this.#mounts.push({ prefix: prefix.replace(/\/+$/, '').toLowerCase(), handler });
  }

  /**
   * Match a request as the app does: parse its URL with polka's own parser (@polka/url, what polka's
   * handler calls before the app's middleware), fill in its path, url, query and search, then find.
   * The app's requests come parsed; this is the router's whole step for tools and tests.
   */
  match(req: Req): Handler | null {
    const info = parse(req);
    req.path = info.pathname;
    req.url = info.pathname + info.search;
    req.query = info.query ?? {};
    req.search = info.search;
    return this.find(req);
  }

  /**
   * The handler for a parsed request (path, url and search set, as polka's handler sets them): the
   * most specific pattern that matches, else a mount, else null. Sets `req.params`.
   */
  find(req: Req): Handler | null {
    req.params = {};
    // Browsers never send a fragment; a client that does gets a 404, as from any path nothing serves.
    if ((req as { _parsedUrl?: ParsedURL })._parsedUrl?.hash !== undefined) return null;
    return this.#route(req, req.path) ?? this.#mount(req, req.path);
  }

  #route(req: Req, path: string): Handler | null {
    const list = this.#byLength.get(countSegments(path));
    if (!list) return null;
    // A pattern whose static segments differ from the path's (ignoring ASCII case, as its expression
    // does: it matches no other letters) cannot match: most are passed over without their expression.
    const lower = path.toLowerCase().split('/');
    for (const e of list) {
      if (!staticsMatch(e.statics, lower)) continue;
      const m = e.pattern.exec(path);
      if (m === null) continue;
      const params: Record<string, string> = {};
      const escaped = path.indexOf('%', 1) !== -1;
      for (let j = 0; j < e.keys.length; j++) params[e.keys[j]] = escaped ? decode(m[j + 1]) : m[j + 1];
      req.params = params;
      return e.handler;
    }
    return null;
  }

  #mount(req: Req, path: string): Handler | null {
    const lower = path.toLowerCase();
    for (const m of this.#mounts) {
      if (!lower.startsWith(m.prefix) || (lower.length > m.prefix.length && lower[m.prefix.length] !== '/')) continue;
      req.url = (path.slice(m.prefix.length) || '/') + req.search;
      return m.handler;
    }
    return null;
  }
}

/** Order of two patterns of one length: the first segment where one is static and the other a parameter decides. */
function moreSpecific(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
}

/** A percent-decoded parameter; a malformed escape stays as sent, and validation names it. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function staticsMatch(statics: [number, string][], segments: string[]): boolean {
  for (const [i, s] of statics) if (segments[i] !== s) return false;
  return true;
}

/** Segments of a path: its slashes, less a trailing one. */
function countSegments(path: string): number {
  let n = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) n++;
  return path.length > 1 && path.endsWith('/') ? n - 1 : n;
}
