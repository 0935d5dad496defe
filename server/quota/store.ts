import type { QuotaPolicy } from '../contract/api/quotas.ts';
import type { Tier } from '../contract/api/tiers.ts';
import { WINDOW_NAMES, type WindowName } from '../contract/api/quotas.ts';
import { windowAt } from './windows.ts';

/** One counter a request consumes: a limited window of the caller's policy. */
export interface QuotaSlot {
  window: WindowName;
  /** Calendar window id, part of the counter key ('2026-01-06', '2026-01'). */
  id: string;
  limit: number;
  /** Window bounds, ms since the epoch; `resetAt` is when the counter starts again from 0. */
  start: number;
  resetAt: number;
}

/** A slot with its count: after this request when admitted, before it when rejected. */
export interface SlotUsage extends QuotaSlot {
  used: number;
}

/**
 * Where a decision was counted; a refund goes back to the same place. 'unavailable': not counted
 * at all, because the shared store does not answer and the caller's tier is set to fail closed (a 503).
 */
export type CounterLocation = 'memory' | 'redis' | 'local-fallback' | 'unavailable';

export interface Decision {
  allowed: boolean;
  usage: SlotUsage[];
  /**
   * When rejected: the exhausted window that resets last, since no retry can succeed before it
   * resets (the month when both reset at once, as on a month's last day). Null when admitted.
   */
  violated: SlotUsage | null;
  counter: CounterLocation;
}

/** Injected logger; pino's `logger.warn(obj, msg)` fits. */
export interface QuotaLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Counting backend. `consume` admits a request only when every slot is below its limit and then
 * increments them all, atomically; a rejected request changes nothing. Implementations never
 * reject: an unavailable backend is handled inside the store, by the caller's `tier` (QUOTA_FAIL_MODE).
 */
export interface QuotaStore {
  consume(keyId: string, slots: QuotaSlot[], now: number, tier: Tier): Promise<Decision>;
  /** The same as consume, answered at once, for stores that count in this process. */
  consumeNow?(keyId: string, slots: QuotaSlot[], now: number): Decision;
  /** Give back what `consume` took for an admitted request (5xx responses are not charged). */
  refund(keyId: string, decision: Decision): Promise<void>;
  close(): Promise<void>;
  /** Whether the store answers now, and whether the process needs it to serve (readiness). */
  health(): StoreHealth;
}

/** A store's state as readiness and metrics report it. */
export interface StoreHealth {
  ok: boolean;
  /** The process cannot serve its callers while this store is down (it fails closed for every metered tier). */
  required: boolean;
  detail: string;
}

/** Told of every call to a remote store: how long it took and whether it failed (the metrics). */
export type StoreObserver = (seconds: number, ok: boolean) => void;

/** The counters a request under `policy` consumes at `now`: one per limited window, day first. */
export function slotsFor(policy: QuotaPolicy, now: number): QuotaSlot[] {
  const slots: QuotaSlot[] = [];
  for (const name of WINDOW_NAMES) {
    const limit = policy.limits[name];
    if (limit === null) continue;
    const { id, start, end } = windowAt(name, now);
    slots.push({ window: name, id, limit, start, resetAt: end });
  }
  return slots;
}

/** Build a Decision from the final counts of each slot (see SlotUsage for what `counts` means). */
export function decisionFrom(slots: QuotaSlot[], counts: number[], allowed: boolean, counter: CounterLocation): Decision {
  // Explicit fields rather than a spread: this runs on every counted request.
  const usage: SlotUsage[] = slots.map((slot, i) => ({
    window: slot.window,
    id: slot.id,
    limit: slot.limit,
    start: slot.start,
    resetAt: slot.resetAt,
    used: counts[i],
  }));
  let violated: SlotUsage | null = null;
  if (!allowed) {
    for (const slot of usage) {
      if (slot.used >= slot.limit && (violated === null || slot.resetAt >= violated.resetAt)) violated = slot;
    }
  }
  return { allowed, usage, violated, counter };
}

/** A logger that prints to stderr, for stores created without one. */
export const consoleLogger: QuotaLogger = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
};
