/**
 * The Redis URL forms QUOTA_STORE and WEBHOOK_STORE take, one per topology:
 *
 *   redis://[user:password@]host:port[/db]                      one server (ioredis reads it)
 *   redis+sentinel://[user:password@]host:port,host:port/name[/db]  the master Sentinel names `name`
 *   redis+cluster://[user:password@]host:port,host:port         a Redis Cluster, from any of its nodes
 *
 * `rediss` in place of `redis` is the same over TLS. Credentials are the data nodes' (the master,
 * replicas or cluster nodes); sentinels are asked without them. A port left out is Redis's default
 * (6379; 26379 for a sentinel). Errors never repeat the URL: it may hold a password.
 */

export interface HostPort {
  host: string;
  port: number;
}

interface Credentials {
  username?: string;
  password?: string;
  tls: boolean;
}

export type RedisTarget =
  | { kind: 'single'; url: string }
  | ({ kind: 'sentinel'; sentinels: HostPort[]; name: string; db: number } & Credentials)
  | ({ kind: 'cluster'; nodes: HostPort[] } & Credentials);

const SCHEME = /^(rediss?)(?:\+(sentinel|cluster))?:\/\//;

/** Whether `v` names a Redis store (any of the forms above), well formed or not. */
export function isRedisUrl(v: string): boolean {
  return SCHEME.test(v);
}

/** The topology a Redis URL names; throws an Error saying what is wrong (never quoting the URL). */
export function parseRedisUrl(url: string): RedisTarget {
  const scheme = SCHEME.exec(url);
  if (!scheme) throw new Error('must start with redis://, rediss://, redis+sentinel://, redis+cluster:// (or rediss+...)');
  const [, base, topology] = scheme;
  if (!topology) return { kind: 'single', url };
  const form = `${base}+${topology}://`;
  const rest = url.slice(scheme[0].length);
  if (rest.includes('?') || rest.includes('#')) throw new Error(`${form} takes no query or fragment`);
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? [] : rest.slice(slash + 1).split('/');
  const at = authority.lastIndexOf('@');
  const credentials = { ...userinfo(at < 0 ? '' : authority.slice(0, at)), tls: base === 'rediss' };
  const hosts = authority.slice(at + 1).split(',');
  if (topology === 'cluster') {
    if (path.length > 1 || (path.length === 1 && path[0] !== '' && path[0] !== '0'))
      throw new Error(`${form}: a cluster has database 0 only; write redis+cluster://host:port,host:port`);
    return { kind: 'cluster', nodes: hosts.map((h) => hostPort(h, 6379, form)), ...credentials };
  }
  const [name, db = '0', ...extra] = path;
  if (!name) throw new Error(`${form} needs the master's name: redis+sentinel://host:port,host:port/mymaster`);
  if (extra.length > 0 || !/^\d{1,2}$/.test(db))
    throw new Error(`${form}: after the master's name only a database number may follow (/mymaster/0)`);
  return {
    kind: 'sentinel',
    sentinels: hosts.map((h) => hostPort(h, 26379, form)),
    name: decodeURIComponent(name),
    db: Number(db),
    ...credentials,
  };
}

function userinfo(s: string): { username?: string; password?: string } {
  if (s === '') return {};
  const colon = s.indexOf(':');
  const user = decodeURIComponent(colon < 0 ? s : s.slice(0, colon));
  const password = colon < 0 ? undefined : decodeURIComponent(s.slice(colon + 1));
  // redis://:password@ is the usual form without a user (Redis before ACLs); redis://user@ has no password.
  return { ...(user ? { username: user } : {}), ...(password !== undefined ? { password } : {}) };
}

function hostPort(s: string, defaultPort: number, form: string): HostPort {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(s);
  const port = m?.[2] === undefined ? defaultPort : Number(m[2]);
  if (!m || port < 1 || port > 65535) throw new Error(`${form}: each node must be host:port (or [ipv6]:port), comma-separated`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}
