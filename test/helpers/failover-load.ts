import { setTimeout as sleep } from 'node:timers/promises';
import { bearer, call } from './http.ts';

/** A client of the load: who it is, its key, and the calls it makes in turn. */
export interface Client {
  who: string;
  key: string;
  method?: 'GET' | 'POST';
  paths: string[];
}

/** One call of the load, with the phases (see mark()) at its start and at its end. */
export interface Outcome {
  who: string;
  status: number | 'error';
  /** The problem type's last segment of a non-2xx answer (`unavailable`, `quota-exceeded`). */
  problem: string | null;
  /** `data.eventId` of a 2xx answer (a webhook test call). */
  eventId: string | null;
  started: number;
  ended: number;
}

/**
 * Each client calling `base` one call at a time, its paths in turn, until stop(). The test moves
 * the phase on at each event (mark()), so each outcome says whether its call started or ended
 * before or after it: assertions count calls per phase instead of comparing times.
 */
export function runLoad(base: string, clients: Client[]) {
  const outcomes: Outcome[] = [];
  let running = true;
  let phase = 0;
  const one = async (c: Client) => {
    for (let n = 0; running; n++) {
      const started = phase;
      try {
        const r = await call(base, c.paths[n % c.paths.length], { method: c.method ?? 'GET', headers: bearer(c.key) });
        const body = r.body.length > 0 && String(r.headers['content-type']).includes('json') ? r.json() : null;
        outcomes.push({
          who: c.who,
          status: r.status,
          problem:
            r.status >= 300
              ? String(body?.type ?? '')
                  .split('/')
                  .pop() || null
              : null,
          eventId: r.status < 300 ? (body?.data?.eventId ?? null) : null,
          started,
          ended: phase,
        });
      } catch {
        outcomes.push({ who: c.who, status: 'error', problem: null, eventId: null, started, ended: phase });
      }
    }
  };
  const done = Promise.all(clients.map(one));
  return {
    outcomes,
    get phase() {
      return phase;
    },
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
