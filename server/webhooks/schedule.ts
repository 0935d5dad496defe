/**
 * When to try a delivery again: the retry schedule of the Standard Webhooks specification by
 * default (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h: ten attempts over
 * about three days), each delay spread by a random jitter so that a receiver's outage does not
 * bring every retry back at the same instant; and what a `Retry-After` asks for.
 */

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `250ms`, `5s`, `30m`, `2h`, `5d` or a bare number of ms. Throws naming `what` when it is not one. */
export function parseDuration(text: string, what: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) throw new Error(`${what}: "${text}" is not a duration (e.g. 500ms, 5s, 30m, 2h, 5d)`);
  return Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']);
}

/** A comma-separated schedule (`0,5s,5m`) as delays in ms. */
export function parseSchedule(text: string, what = 'WEBHOOK_RETRY_SCHEDULE'): number[] {
  const delays = text.split(',').map((s) => parseDuration(s, what));
  if (delays.length === 0) throw new Error(`${what}: at least one attempt`);
  return delays;
}

/** The delay `ms` spread by ±`jitter` (a fraction), never below zero. */
export function withJitter(ms: number, jitter: number, random: () => number = Math.random): number {
  return Math.max(0, Math.round(ms * (1 + jitter * (2 * random() - 1))));
}

/**
 * A Retry-After value (seconds, or an HTTP date) as a delay in ms from `now`; null when absent or
 * unreadable. Capped at `max`, so a receiver cannot park a delivery for a year.
 */
export function retryAfterMs(header: string | string[] | undefined, now: number, max: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const v = value.trim();
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(0, ms), max);
}
