import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawResponse } from '../helpers/http.ts';
import { stopChild, track } from './child-registry.ts';
import type { RunningTarget } from './real-server.ts';
import { untilReady } from './until-ready.ts';

/** One answer as the baseline sends it: headers verbatim, body read from `file` at start. */
export interface BareAnswer {
  headers: Record<string, string>;
  file: string;
}

/** What the baseline answers for one exact request target (path and query). */
export interface BareRoute {
  url: string;
  identity: BareAnswer;
  gzip?: BareAnswer;
  /** Headers of the 304 sent when If-None-Match equals `etag` exactly. */
  notModified?: { etag: string; headers: Record<string, string> };
}

export interface BareConfig {
  routes: BareRoute[];
}

// Node adds these per connection or per response itself; copying them would send them twice.
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of a probed response, minus the ones node:http writes on its own. */
export function replayHeaders(r: RawResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) {
    if (v !== undefined && !PER_RESPONSE.has(k)) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/**
 * A baseline answer with the real server's headers (as probed) and the given body bytes, which
 * are written to a file in `dir` for the child to load.
 */
export function bareAnswer(dir: string, name: string, probed: RawResponse, body: Buffer): BareAnswer {
  const file = join(dir, `bare-${name}.body`);
  writeFileSync(file, body);
  return { headers: replayHeaders(probed), file };
}

/** Start bare-server.ts as a child process answering `routes`; resolves once it listens. */
export async function startBareServer(dir: string, name: string, routes: BareRoute[]): Promise<RunningTarget> {
  const configFile = join(dir, `bare-${name}.json`);
  writeFileSync(configFile, JSON.stringify({ routes } satisfies BareConfig));
  const child = track(
    fork(join(import.meta.dirname, 'bare-server.ts'), [configFile], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  const url = await untilReady(child, 'bare node:http server', 30_000);
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}
