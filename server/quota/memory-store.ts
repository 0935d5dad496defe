import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { Tier } from '../contract/api/tiers.ts';
import { CounterTable, type CounterEntry } from './counters.ts';
import { consoleLogger, type Decision, type QuotaLogger, type QuotaSlot, type QuotaStore, type StoreHealth } from './store.ts';

export interface MemoryStoreOptions {
  /** State file; null keeps counts in memory only. Default '.quota-state.json' (git-ignored). */
  file?: string | null;
  /** How often dirty counters are written; default 1000 ms, the most a crash can lose. */
  flushIntervalMs?: number;
  /** Clock for pruning expired windows; default Date.now. */
  now?: () => number;
  logger?: QuotaLogger;
}

interface StateFile {
  version: 1;
  savedAt: string;
  counters: Record<string, CounterEntry>;
}

export const DEFAULT_STATE_FILE = '.quota-state.json';

/**
 * Counts in process memory for a single server instance, persisted so a restart keeps them. The file
 * is rewritten (temp file + rename, so a crash never leaves half a file) at most once per interval
 * and only when something changed, and once more on close(). A kill -9 loses at most the counts of
 * the last interval.
 */
export class MemoryStore implements QuotaStore {
  readonly #table: CounterTable;
  readonly #file: string | null;
  readonly #now: () => number;
  readonly #logger: QuotaLogger;
  readonly #timer: NodeJS.Timeout | null;
  #flushing: Promise<void> | null = null;
  #failing = false;

  constructor(options: MemoryStoreOptions = {}) {
    this.#file = options.file === undefined ? DEFAULT_STATE_FILE : options.file;
    this.#now = options.now ?? Date.now;
    this.#logger = options.logger ?? consoleLogger;
    this.#table = new CounterTable(this.#file === null ? {} : readState(this.#file));
    this.#table.prune(this.#now());
    this.#table.dirty = false;
    this.#timer = this.#file === null ? null : setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    // The timer alone must not keep a process alive that has nothing else to do.
    this.#timer?.unref();
  }

  /** Check both windows and count the request, synchronously, so concurrent requests cannot overshoot. */
  async consume(keyId: string, slots: QuotaSlot[], now: number, _tier?: Tier): Promise<Decision> {
    return this.consumeNow(keyId, slots, now);
  }

  /** consume without the promise: the middleware then goes on in the same tick. */
  consumeNow(keyId: string, slots: QuotaSlot[], now: number): Decision {
    return this.#table.consume(keyId, slots, now, 'memory');
  }

  /** Give back an admitted request's count. */
  async refund(keyId: string, decision: Decision): Promise<void> {
    if (decision.allowed) this.#table.refund(keyId, decision.usage);
  }

  /** Write the state file now if anything changed since the last write; one write at a time. */
  async flush(): Promise<void> {
    // A loop, not an if: several callers may be waiting on the same write, and only one may start the next.
    while (this.#flushing) await this.#flushing;
    if (this.#file === null) return;
    this.#table.prune(this.#now());
    if (!this.#table.dirty) return;
    this.#flushing = this.#write(this.#file).finally(() => {
      this.#flushing = null;
    });
    await this.#flushing;
  }

  /** Always answers (it is this process's memory); a state file that cannot be written is reported, not fatal. */
  health(): StoreHealth {
    return {
      ok: true,
      required: false,
      detail: this.#failing ? `in memory; ${this.#file} cannot be written, counts since are kept in memory` : 'in memory',
    };
  }

  /** Stop the timer and write the final state. */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
  }

  async #write(file: string): Promise<void> {
    // Cleared before the write: a request counted while writing marks the table dirty again.
    this.#table.dirty = false;
    const state: StateFile = { version: 1, savedAt: new Date().toISOString(), counters: this.#table.toJSON() };
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(state));
      await rename(temp, file);
      if (this.#failing) this.#logger.info({ file }, 'quota state file written again');
      this.#failing = false;
    } catch (err) {
      this.#table.dirty = true;
      // Once per run of failures: a full disk would otherwise log every second.
      if (!this.#failing)
        this.#logger.warn({ file, err: (err as Error).message }, 'cannot write the quota state file; counts are kept in memory');
      this.#failing = true;
    }
  }
}

/** Counters from a state file; none when it does not exist yet. A file that is not ours is an error. */
function readState(file: string): Record<string, CounterEntry> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  // Writes go through rename, so a torn file means someone else wrote it: refuse rather than reset quotas.
  let state: StateFile;
  try {
    state = JSON.parse(text) as StateFile;
  } catch (err) {
    throw new Error(`${file}: quota state file is not valid JSON (${(err as Error).message}); fix or delete it`);
  }
  if (state?.version !== 1 || typeof state.counters !== 'object' || state.counters === null) {
    throw new Error(`${file}: not a version 1 quota state file; fix or delete it`);
  }
  const counters: Record<string, CounterEntry> = {};
  for (const [key, entry] of Object.entries(state.counters)) {
    if (Number.isSafeInteger(entry?.count) && Number.isFinite(entry?.resetAt))
      counters[key] = { count: entry.count, resetAt: entry.resetAt };
  }
  return counters;
}
