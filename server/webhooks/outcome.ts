import { retryAfterMs, withJitter } from './schedule.ts';
import type { SendResult } from './sender.ts';
import type { AttemptOutcome, ClaimedDelivery } from './webhook-types.ts';

/** The delivery rules an outcome follows. */
export interface RetryRules {
  /** Delay before each scheduled attempt (ms); its length is the number of attempts. */
  schedule: number[];
  /** Spread of each delay, a fraction (0.2: ±20 %). */
  jitter: number;
  /** An endpoint whose attempts have all failed for this long is disabled. */
  disableAfterMs: number;
  random?: () => number;
}

/**
 * What an attempt leads to (Standard Webhooks' status handling): a 2xx delivers; 410 Gone fails
 * the delivery and disables the endpoint; any other answer or none is a failure, retried on the
 * schedule, after `Retry-After` instead when a 429 or 503 carries one; past the schedule the
 * delivery fails. An endpoint failing without a success for `disableAfterMs` is disabled, saying
 * why. A manual retry's attempt does not use up the schedule; when it fails, the delivery goes
 * back to where it was (pending deliveries carry on with their schedule).
 */
export function outcomeOf(c: ClaimedDelivery, r: SendResult, at: number, rules: RetryRules): AttemptOutcome {
  const { delivery: d, endpoint: e } = c;
  const manual = d.manual;
  const attempt = {
    at,
    durationMs: r.durationMs,
    status: r.status,
    error: r.error,
    trigger: manual ? ('manual' as const) : ('scheduled' as const),
  };
  const scheduled = manual ? d.scheduled : d.scheduled + 1;
  if (r.status !== null && r.status >= 200 && r.status < 300) {
    return {
      attempt,
      status: 'delivered',
      nextAttemptAt: null,
      scheduled,
      ...(e.failingSince !== null ? { endpoint: { failingSince: null } } : {}),
    };
  }
  const failingSince = e.failingSince ?? at;
  const what = r.status !== null ? `answered ${r.status}` : (r.error ?? 'no answer');
  if (r.status === 410) {
    return {
      attempt,
      status: 'failed',
      nextAttemptAt: null,
      scheduled,
      endpoint: {
        failingSince,
        enabled: false,
        disabledReason: `The endpoint answered 410 Gone on ${iso(at)}: it asked for no more deliveries.`,
      },
    };
  }
  if (at - failingSince >= rules.disableAfterMs) {
    const reason = `Every attempt since ${iso(failingSince)} failed (the last: ${what} on ${iso(at)}); disabled after ${days(rules.disableAfterMs)} without a success.`;
    return {
      attempt,
      status: 'failed',
      nextAttemptAt: null,
      scheduled,
      endpoint: { failingSince, enabled: false, disabledReason: reason },
    };
  }
  const endpoint = e.failingSince === null ? { endpoint: { failingSince } } : {};
  if (manual && manual !== 'pending') return { attempt, status: manual, nextAttemptAt: null, scheduled, ...endpoint };
  if (scheduled >= rules.schedule.length) return { attempt, status: 'failed', nextAttemptAt: null, scheduled, ...endpoint };
  const max = Math.max(...rules.schedule);
  const asked = r.status === 429 || r.status === 503 ? retryAfterMs(r.headers['retry-after'], at, max) : null;
  const delay = asked ?? withJitter(rules.schedule[scheduled], rules.jitter, rules.random);
  return { attempt, status: 'pending', nextAttemptAt: at + delay, scheduled, ...endpoint };
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
}

function days(ms: number): string {
  return ms >= 86_400_000
    ? `${+(ms / 86_400_000).toFixed(1)} days`
    : ms >= 3_600_000
      ? `${+(ms / 3_600_000).toFixed(1)} hours`
      : ms >= 1000
        ? `${Math.round(ms / 1000)} s`
        : `${ms} ms`;
}
