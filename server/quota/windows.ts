import type { WindowName } from '../contract/api/quotas.ts';

/** One UTC calendar window: `id` names it in counter keys ('2026-01-06', '2026-01'). */
export interface CalendarWindow {
  name: WindowName;
  id: string;
  /** First instant of the window, ms since the epoch. */
  start: number;
  /** Reset instant: the first instant of the next window, ms since the epoch. */
  end: number;
}

const DAY_MS = 86_400_000;

/**
 * The UTC calendar window of the given kind that contains `now` (ms since the epoch). Days reset at
 * 00:00 UTC and months at 00:00 UTC on the 1st, so every server and every restart agrees on the
 * window without storing when it began.
 */
export function windowAt(name: WindowName, now: number): CalendarWindow {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  if (name === 'day') {
    const start = Date.UTC(year, month, date.getUTCDate());
    return { name, id: new Date(start).toISOString().slice(0, 10), start, end: start + DAY_MS };
  }
  const start = Date.UTC(year, month, 1);
  // Date.UTC carries month 12 over into January of the next year.
  return { name, id: new Date(start).toISOString().slice(0, 7), start, end: Date.UTC(year, month + 1, 1) };
}

/** Whole seconds from `now` until `instant`, rounded up so that waiting that long always reaches it. */
export function secondsUntil(instant: number, now: number): number {
  return Math.max(0, Math.ceil((instant - now) / 1000));
}

/** An instant as RFC 3339 UTC without milliseconds, e.g. '2026-01-07T00:00:00Z'. */
export function isoSeconds(instant: number): string {
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
