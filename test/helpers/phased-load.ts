import { setTimeout as sleep } from 'node:timers/promises';
import { bearer, call, type RawResponse } from './http.ts';

/** A client of the load: who it is, its key, and the calls it makes in turn (from `first`). */
export interface Client {
  who: string;
  key: string;
  method?: 'GET' | 'POST';
  paths: string[];
  first?: number;
}

/** Which client made a call, and the load's phase (see mark()) when it started and when it ended. */
export interface Phases {
  who: string;
  started: number;
  ended: number;
}

/**
 * Each client calling `base` one call at a time, its paths in turn, until stop(); `read` keeps what
 * the test needs of each answer (null: no answer). The test moves the phase on at each event
 * (mark()), so each outcome says whether its call started or ended before or after it: assertions
 * count calls per phase instead of comparing times.
 */
export function runLoad<T>(base: string, clients: Client[], read: (path: string, r: RawResponse | null) => T) {
  const outcomes: (T & Phases)[] = [];
  let running = true;
  let phase = 0;
  const one = async (c: Client) => {
    for (let n = c.first ?? 0; running; n++) {
      const path = c.paths[n % c.paths.length];
      const started = phase;
      const r = await call(base, path, { method: c.method ?? 'GET', headers: bearer(c.key) }).catch(() => null);
      outcomes.push({ ...read(path, r), who: c.who, started, ended: phase });
    }
  };
  const done = Promise.all(clients.map(one));
  return {
    outcomes,
    /** Calls started from now on carry the next phase number. */
    mark() {
      phase += 1;
    },
    /** Resolves once `n` more calls than now have finished. */
    async more(n: number) {
      const target = outcomes.length + n;
      while (outcomes.length < target) await sleep(10);
    },
    async stop() {
      running = false;
      await done;
    },
  };
}
