import type { Decision, QuotaSlot, SlotUsage } from './store.ts';
import { secondsUntil } from './windows.ts';

// Field syntax: draft-ietf-httpapi-ratelimit-headers-11 (structured-field Lists, RFC 9651). Policy
// names are the window names, so a client can match RateLimit items to RateLimit-Policy items.

// The middleware reuses one slots array per policy and window, so the field is built once a day.
const policyCache = new WeakMap<QuotaSlot[], string>();

/**
 * `RateLimit-Policy` value with every limited window, e.g. `"day";q=1000;w=86400, "month";q=10000;w=2678400`.
 * `w` is the current window's length: a month's varies between 28 and 31 days.
 */
export function policyField(slots: QuotaSlot[]): string {
  const known = policyCache.get(slots);
  if (known !== undefined) return known;
  const field = slots.map((slot) => `"${slot.window}";q=${slot.limit};w=${Math.round((slot.resetAt - slot.start) / 1000)}`).join(', ');
  policyCache.set(slots, field);
  return field;
}

/** Calls left in a window, never negative (a limit lowered mid-window can leave a count above it). */
export function remaining(slot: SlotUsage): number {
  return Math.max(0, slot.limit - slot.used);
}

/**
 * The window to report in `RateLimit`: the one with the fewest calls left; on a tie the one that
 * resets later, since it binds the client for longer.
 */
export function nearestToExhaustion(usage: SlotUsage[]): SlotUsage {
  return usage.reduce((best, slot) => {
    const left = remaining(slot) - remaining(best);
    return left < 0 || (left === 0 && slot.resetAt > best.resetAt) ? slot : best;
  });
}

/** `RateLimit` item for one window: calls left and whole seconds to its reset, e.g. `"day";r=998;t=3600`. */
export function limitField(slot: SlotUsage, now: number): string {
  return `"${slot.window}";r=${remaining(slot)};t=${secondsUntil(slot.resetAt, now)}`;
}

/**
 * RateLimit-Policy and RateLimit of a counted or rejected request, as header name/value pairs to
 * add to `out`. A rejection reports the violated window in RateLimit and adds Retry-After (seconds
 * to that window's reset), so both fields name the same instant.
 */
export function quotaHeaders(out: string[], decision: Decision, now: number, slots: QuotaSlot[] = decision.usage): void {
  if (decision.usage.length === 0) return;
  const reported = decision.violated ?? nearestToExhaustion(decision.usage);
  out.push('RateLimit-Policy', policyField(slots), 'RateLimit', limitField(reported, now));
  if (decision.violated) out.push('Retry-After', String(secondsUntil(decision.violated.resetAt, now)));
}
