import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseCorsOrigins } from './contract/api/cors-headers.ts';
import { ADDRESS_KINDS, type AddressKind, WEBHOOK_DEFAULTS as W } from './contract/api/webhooks.ts';
import { boolean, type Env, integer, oneOf, readSettings, type SettingsOf, setting, text } from './contract/settings/setting.ts';
import { DIST_DIR_SETTING } from './contract/snapshot/app-paths.ts';
import { tlsProblem } from './http/tls-pair.ts';
import { KEYS_FILE_SETTING } from './keys/key-file.ts';
import { parseFailModes } from './quota/fail-modes.ts';
import { DEFAULT_STATE_FILE } from './quota/memory-store.ts';
import { isRedisUrl, parseRedisUrl } from './redis/redis-url.ts';
import { webhookStoreOf } from './webhooks/config.ts';
import { parseDuration, parseSchedule } from './webhooks/schedule.ts';

/**
 * Every setting of the server, read from the environment once at start (server/main.ts) and
 * checked together: one message lists every bad one. Nothing else in server/ reads process.env.
 * The README's settings table is written from this table (test/unit/settings.test.ts).
 */

// A store value is never echoed: a mistyped Redis URL may still carry its password.
const store = (what: string) => (v: string | undefined) => {
  if (v === undefined || v === what) return v ?? null;
  if (!isRedisUrl(v)) throw new Error(`must be '${what}' or a Redis URL (redis://, redis+sentinel://, redis+cluster://; rediss for TLS)`);
  parseRedisUrl(v);
  return v;
};
const duration = (dflt: string, name: string) => (v: string | undefined) => parseDuration(v ?? dflt, name);
const bounded = (ms: number, min: number, max: number, name: string): number => {
  if (ms < min || ms > max) throw new Error(`${name}: must be from ${min / 1000} s to ${max / 1000} s, got ${ms / 1000} s`);
  return ms;
};
const path = (dflt: string | null) => (v: string | undefined) => ((v ?? dflt) === null ? null : resolve(v ?? (dflt as string)));

export const SERVER_SETTINGS = {
  distDir: DIST_DIR_SETTING,
  host: setting('HOST', '`127.0.0.1`', 'address the server listens on', text('127.0.0.1')),
  port: setting('PORT', '`8080`', 'port the server listens on (`0`: any free port)', integer(8080, 0, 65535)),
  workers: setting(
    'WORKERS',
    '`1`',
    'server processes on the port (node:cluster): 1 to 256, or `auto` (one per core); more than 1 needs Redis (see Deploy)',
    (v) => {
      if (v === 'auto') return availableParallelism();
      if (v !== undefined && (!/^[1-9]\d{0,2}$/.test(v) || Number(v) > 256))
        throw new Error(`must be a whole number of processes from 1 to 256, or "auto" (one per core), got "${v}"`);
      return Number(v ?? 1);
    },
  ),
  keysFile: KEYS_FILE_SETTING,
  tiersFile: setting('TIERS_FILE', '`server/contract/api/tiers.json`', 'quota limits per tier (same shape as the default)', path(null)),
  quotaStore: setting(
    'QUOTA_STORE',
    '`memory`',
    'quota counters: `memory` (one process), or Redis: `redis://host:port/db`, `redis+sentinel://host:port,host:port/mymaster` or `redis+cluster://host:port,host:port` (see Deploy: many boxes)',
    store('memory'),
  ),
  quotaStateFile: setting(
    'QUOTA_STATE_FILE',
    `\`${DEFAULT_STATE_FILE}\``,
    'where the memory store persists counts',
    path(DEFAULT_STATE_FILE),
  ),
  quotaRedisPrefix: setting('QUOTA_REDIS_PREFIX', '`quota:`', 'Redis key prefix of the quota counters', text('quota:')),
  bodyCacheMb: setting('BODY_CACHE_MB', '`256`', 'MB of response bodies held in memory (LRU), per worker', integer(256, 0, 1_048_576)),
  logLevel: setting(
    'LOG_LEVEL',
    '`info`',
    'JSON log lines (pino); at `info` or below one access-log line per request',
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  ),
  logFile: setting('LOG_FILE', 'stdout', 'file the log lines are appended to', text(null)),
  corsOrigins: setting(
    'CORS_ORIGINS',
    'none (off)',
    'origins a browser page may call the API from: `*`, or a comma-separated list (see Browsers and TLS)',
    parseCorsOrigins,
  ),
  tlsCertFile: setting(
    'TLS_CERT_FILE',
    'none (plain HTTP)',
    'PEM certificate chain: serve HTTPS with HSTS, reloaded on change or SIGHUP',
    text(null),
  ),
  tlsKeyFile: setting('TLS_KEY_FILE', 'none', 'PEM private key of TLS_CERT_FILE', text(null)),
  tlsHttp2: setting('TLS_HTTP2', '`false`', '`true`: over TLS, HTTP/2 with HTTP/1.1 fallback (ALPN)', boolean(false)),
  headersTimeoutMs: setting(
    'HEADERS_TIMEOUT',
    '`10s`',
    'longest wait for a request line and headers (a slow or idle connection then gets a 408 problem and is closed); 1s to 30s',
    (v) => bounded(duration('10s', 'HEADERS_TIMEOUT')(v), 1000, 30_000, 'HEADERS_TIMEOUT'),
  ),
  requestTimeoutMs: setting(
    'REQUEST_TIMEOUT',
    '`30s`',
    'longest wait for a whole request, body included (then a 408 problem and close); at least HEADERS_TIMEOUT',
    (v) => bounded(duration('30s', 'REQUEST_TIMEOUT')(v), 1000, 600_000, 'REQUEST_TIMEOUT'),
  ),
  keepAliveTimeoutMs: setting('KEEP_ALIVE_TIMEOUT', '`5s`', 'an idle keep-alive connection is closed after this', (v) =>
    bounded(duration('5s', 'KEEP_ALIVE_TIMEOUT')(v), 100, 600_000, 'KEEP_ALIVE_TIMEOUT'),
  ),
  metricsPort: setting(
    'METRICS_PORT',
    'none (off)',
    'port of the operator listener: Prometheus `/metrics` (see Operations); never the API port',
    (v) => (v === undefined ? null : integer(0, 0, 65535)(v)),
  ),
  metricsHost: setting('METRICS_HOST', '`127.0.0.1`', 'address the metrics listener binds to', text('127.0.0.1')),
  quotaFailMode: setting(
    'QUOTA_FAIL_MODE',
    '`open`',
    'while a Redis quota store is unreachable: `open` counts in each process, `closed` answers metered calls 503; one mode for every tier, or per tier as `free=closed,developer=closed,professional=open` (unnamed tiers `open`; `enterprise` may be named but is unmetered, so it has no effect; see Operations)',
    parseFailModes,
  ),
  shutdownGraceMs: setting(
    'SHUTDOWN_GRACE_MS',
    '`10000`',
    'how long SIGTERM/SIGINT wait for requests in flight',
    integer(10_000, 0, 3_600_000),
  ),
  webhookStore: setting(
    'WEBHOOK_STORE',
    '`file` (a Redis URL when `QUOTA_STORE` is one)',
    'the webhook outbox: `file` (embedded, one process) or a Redis URL as for `QUOTA_STORE`',
    store('file'),
  ),
  webhookKeyFile: setting(
    'WEBHOOK_KEY_FILE',
    '`.webhook-key`',
    'the key that encrypts webhook signing secrets at rest (made on first start, mode 0600; every process sharing an outbox needs the same)',
    path('.webhook-key') as (v: string | undefined) => string,
  ),
  webhookDir: setting('WEBHOOK_DIR', '`.webhooks`', 'the embedded outbox (directory 0700; it holds signing secrets)', text('.webhooks')),
  webhookRedisPrefix: setting('WEBHOOK_REDIS_PREFIX', '`webhooks:`', 'Redis key prefix of the outbox', text('webhooks:')),
  webhookAllowAddresses: setting(
    'WEBHOOK_ALLOW_ADDRESSES',
    'none',
    `address kinds webhooks may reach anyway, comma-separated: ${ADDRESS_KINDS.map((k) => `\`${k}\``).join(', ')} or \`all\``,
    addressKinds,
  ),
  webhookAllowHttp: setting('WEBHOOK_ALLOW_HTTP', '`false`', 'accept plain `http://` endpoint URLs', boolean(false)),
  webhookRetrySchedule: setting(
    'WEBHOOK_RETRY_SCHEDULE',
    `\`${W.schedule.join(',')}\``,
    'delay before each attempt (the length is the number of attempts)',
    (v) => parseSchedule(v ?? W.schedule.join(',')),
  ),
  webhookJitter: setting('WEBHOOK_JITTER', `\`${W.jitter}\``, 'each delay is spread by ± this fraction', (v) => {
    const n = Number(v ?? W.jitter);
    if (!(n >= 0 && n < 1)) throw new Error('must be a fraction from 0 to below 1');
    return n;
  }),
  webhookTimeoutMs: setting(
    'WEBHOOK_TIMEOUT',
    `\`${W.timeout}\``,
    "one attempt's limit, name resolution included",
    duration(W.timeout, 'WEBHOOK_TIMEOUT'),
  ),
  webhookConcurrency: setting(
    'WEBHOOK_CONCURRENCY',
    `\`${W.concurrency}\``,
    'attempts in flight per process',
    integer(W.concurrency, 1, 10_000),
  ),
  webhookEndpointConcurrency: setting(
    'WEBHOOK_ENDPOINT_CONCURRENCY',
    `\`${W.endpointConcurrency}\``,
    'attempts in flight per endpoint',
    integer(W.endpointConcurrency, 1, 10_000),
  ),
  webhookDisableAfterMs: setting(
    'WEBHOOK_DISABLE_AFTER',
    `\`${W.disableAfter}\``,
    'an endpoint whose every attempt failed for this long is disabled',
    duration(W.disableAfter, 'WEBHOOK_DISABLE_AFTER'),
  ),
  webhookRotationOverlapMs: setting(
    'WEBHOOK_ROTATION_OVERLAP',
    `\`${W.rotationOverlap}\``,
    'how long a rotated-out secret keeps signing',
    duration(W.rotationOverlap, 'WEBHOOK_ROTATION_OVERLAP'),
  ),
  webhookRetentionMs: setting(
    'WEBHOOK_RETENTION',
    `\`${W.retention}\``,
    'how long finished deliveries stay listed',
    duration(W.retention, 'WEBHOOK_RETENTION'),
  ),
  webhookPollMs: setting(
    'WEBHOOK_POLL',
    `\`${W.poll}\``,
    'longest wait between two looks for due deliveries (other processes may enqueue)',
    duration(W.poll, 'WEBHOOK_POLL'),
  ),
  webhookDeliveryRole: setting(
    'DCS_WEBHOOK_DELIVERY',
    'unset',
    'internal: set to `1` by a WORKERS primary on the one worker that delivers webhooks',
    (v) => v === '1',
  ),
};

export type ServerSettings = SettingsOf<typeof SERVER_SETTINGS>;

function addressKinds(v: string | undefined): ReadonlySet<AddressKind> {
  const allow = new Set<AddressKind>();
  for (const k of (v ?? '').split(',').map((s) => s.trim())) {
    if (k === '') continue;
    if (k === 'all') for (const x of ADDRESS_KINDS) allow.add(x);
    else if ((ADDRESS_KINDS as readonly string[]).includes(k)) allow.add(k as AddressKind);
    else throw new Error(`unknown kind "${k}" (allowed: ${ADDRESS_KINDS.join(', ')}, all)`);
  }
  return allow;
}

/** Rules over several settings, checked with the rest. */
function crossChecks(s: ServerSettings): string[] {
  const out: string[] = [];
  const tls = tlsProblem(s.tlsCertFile, s.tlsKeyFile);
  if (tls) out.push(tls);
  if (s.tlsHttp2 && !s.tlsCertFile) out.push('TLS_HTTP2=true needs TLS_CERT_FILE and TLS_KEY_FILE: HTTP/2 is served over TLS only');
  if (s.headersTimeoutMs > s.requestTimeoutMs)
    out.push(`HEADERS_TIMEOUT (${s.headersTimeoutMs / 1000} s) must not be longer than REQUEST_TIMEOUT (${s.requestTimeoutMs / 1000} s)`);
  if (s.metricsPort !== null && s.metricsPort !== 0 && s.metricsPort === s.port)
    out.push(`METRICS_PORT must differ from PORT (${s.port}): metrics are served off the public port`);
  if (s.workers > 1 && (s.quotaStore === null || !isRedisUrl(s.quotaStore))) {
    out.push(
      `WORKERS=${s.workers} needs a quota store the workers share: the embedded one (QUOTA_STORE=${s.quotaStore ?? 'memory'}) counts per process, so each worker would allow a key its whole quota. Set QUOTA_STORE to a Redis URL (redis://host:port/db), or run one worker (WORKERS=1).`,
    );
  } else if (s.workers > 1 && webhookStoreOf(s) === 'file') {
    out.push(
      `WORKERS=${s.workers} needs a webhook outbox the workers share: the embedded one (WEBHOOK_STORE=file) is locked to one process. Leave WEBHOOK_STORE unset (it follows QUOTA_STORE) or set it to a Redis URL, or run one worker (WORKERS=1).`,
    );
  }
  return out;
}

/**
 * The server's settings from `env` (the process environment when not given): every one parsed and
 * the rules over several checked; throws a SettingsError that lists every bad one.
 */
export function readServerSettings(env: Env = process.env): ServerSettings {
  return readSettings(SERVER_SETTINGS, env, crossChecks);
}

/** The environment of a child process: this one's, with `overrides` (used to start the bundled build). */
export function childEnv(overrides: Env): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
