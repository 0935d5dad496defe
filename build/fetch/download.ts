import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export interface DownloadRequest {
  url: string;
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
  /** Validators of the copy in DATA_DIR: the request is conditional when given. */
  have: Validators | null;
  /** Where the body is written; kept between attempts (and runs) so a transfer can resume. */
  partial: string;
}

export type DownloadResult =
  | { status: 'not-modified' }
  | { status: 'not-found' }
  | { status: 'downloaded'; size: number; validators: Validators; resumedFrom: number; attempts: number };

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A transfer with no data for this long is aborted and retried. */
  idleTimeoutMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 1000, maxDelayMs: 30_000, idleTimeoutMs: 60_000 };

/** Progress of one transfer: bytes of the whole file so far, and its size when known. */
export type ProgressFn = (received: number, total: number | null) => void;

class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const sidecar = (partial: string) => `${partial}.json`;

/** The partial body to resume, if its sidecar says it is of this URL and has a validator for If-Range. */
function resumable(req: DownloadRequest): { from: number; ifRange: string } | null {
  if (req.method === 'POST' || !existsSync(req.partial) || !existsSync(sidecar(req.partial))) return null;
  try {
    const meta = JSON.parse(readFileSync(sidecar(req.partial), 'utf8')) as { url: string } & Validators;
    const ifRange = meta.etag ?? meta.lastModified;
    const from = statSync(req.partial).size;
    return meta.url === req.url && ifRange && from > 0 ? { from, ifRange } : null;
  } catch {
    return null;
  }
}

/** Forget a partial body (and its sidecar). */
export function dropPartial(partial: string): void {
  rmSync(partial, { force: true });
  rmSync(sidecar(partial), { force: true });
}

/**
 * One HTTP transfer with what a long download over a flaky link needs: a conditional request
 * (If-None-Match / If-Modified-Since) when a copy exists, a resumed transfer (Range + If-Range)
 * from a partial body left by an interrupted attempt or run, an idle timeout, and retries with
 * exponential backoff (honouring Retry-After) on network errors, 429, 5xx and short bodies.
 * Content encoding is refused (`Accept-Encoding: identity`) so byte ranges and sizes are the
 * file's own. The body stays at `req.partial`; placing it is the caller's job.
 */
export async function download(
  req: DownloadRequest,
  policy: RetryPolicy = DEFAULT_RETRY,
  onProgress?: ProgressFn,
): Promise<DownloadResult> {
  mkdirSync(dirname(req.partial), { recursive: true });
  let lastError = '';
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    try {
      return await attemptOnce(req, policy, attempt + 1, onProgress);
    } catch (err) {
      if (!(err instanceof Retryable)) throw err;
      lastError = err.message;
      if (attempt === policy.retries) break;
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
      await new Promise((r) => setTimeout(r, Math.min(policy.maxDelayMs, Math.max(backoff, err.retryAfterMs ?? 0))));
    }
  }
  throw new Error(`${req.url}: failed after ${policy.retries + 1} attempts (last: ${lastError})`);
}

async function attemptOnce(req: DownloadRequest, policy: RetryPolicy, attempts: number, onProgress?: ProgressFn): Promise<DownloadResult> {
  const resume = resumable(req);
  const headers: Record<string, string> = { 'accept-encoding': 'identity', 'user-agent': 'disease-content-service-fetch/1' };
  if (resume) Object.assign(headers, { range: `bytes=${resume.from}-`, 'if-range': resume.ifRange });
  else if (req.have && req.method !== 'POST') {
    if (req.have.etag) headers['if-none-match'] = req.have.etag;
    if (req.have.lastModified) headers['if-modified-since'] = req.have.lastModified;
  }
  let body: string | undefined;
  if (req.method === 'POST') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.form ?? {}).toString();
  }
  const abort = new AbortController();
  let idle = setTimeout(() => abort.abort(), policy.idleTimeoutMs);
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => abort.abort(), policy.idleTimeoutMs);
  };
  try {
    let res: Response;
    try {
      res = await fetch(req.url, { method: req.method ?? 'GET', headers, body, redirect: 'follow', signal: abort.signal });
    } catch (err) {
      throw new Retryable(
        `request failed: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`,
      );
    }
    const validators: Validators = { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
    if (res.status === 304 && !resume) return { status: 'not-modified' };
    if (res.status === 404 || res.status === 410) return { status: 'not-found' };
    if (res.status === 416) {
      dropPartial(req.partial);
      throw new Retryable('HTTP 416: the partial body does not fit the file any more; starting over');
    }
    if (res.status === 429 || res.status >= 500) {
      const after = Number(res.headers.get('retry-after'));
      throw new Retryable(`HTTP ${res.status}`, Number.isFinite(after) && after > 0 ? after * 1000 : null);
    }
    if (res.status !== 200 && res.status !== 206) throw new Error(`${req.url}: HTTP ${res.status} ${res.statusText}`);
    let from = 0;
    if (res.status === 206) {
      const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
      if (!resume || !range || Number(range[1]) !== resume.from) {
        dropPartial(req.partial);
        throw new Retryable(`HTTP 206 with an unexpected Content-Range "${res.headers.get('content-range')}"`);
      }
      from = resume.from;
    }
    const length = res.headers.get('content-length');
    const total = length !== null ? from + Number(length) : null;
    writeFileSync(sidecar(req.partial), JSON.stringify({ url: req.url, ...validators }));
    const fd = openSync(req.partial, from > 0 ? 'a' : 'w');
    let received = from;
    try {
      if (res.body) {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          writeSync(fd, chunk);
          received += chunk.length;
          touch();
          onProgress?.(received, total);
        }
      }
    } catch (err) {
      throw new Retryable(`transfer interrupted at ${received} bytes (${(err as Error).message})`);
    } finally {
      closeSync(fd);
    }
    if (total !== null && received !== total) throw new Retryable(`short body: ${received} of ${total} bytes`);
    return { status: 'downloaded', size: received, validators, resumedFrom: from, attempts };
  } finally {
    clearTimeout(idle);
  }
}
