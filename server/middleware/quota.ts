import type { Charge, Guard, Req, Res } from '../http/context.ts';
import { problem, sendProblem, type Problem } from '../http/problem.ts';
import { quotaHeaders } from '../quota/headers.ts';
import type { Policies, QuotaPolicy } from '../contract/api/quotas.ts';
import { policyFor } from '../quota/policy-for.ts';
import { slotsFor, type Decision, type QuotaSlot, type SlotUsage, type QuotaStore } from '../quota/store.ts';
import { isoSeconds } from '../quota/windows.ts';

export interface QuotaOptions {
  store: QuotaStore;
  /** From loadPolicies(): TIERS_FILE, else server/contract/api/tiers.json. */
  policies: Policies;
  /** Clock in ms since the epoch; default Date.now. Tests move it across window boundaries. */
  now?: () => number;
}

const ADJECTIVE = { day: 'daily', month: 'monthly' } as const;
/** Retry-After of a 503 while a store does not answer: about the time a reconnect takes. */
export const STORE_RETRY_SECONDS = 2;
const storeDown = (tier: string) =>
  `The quota store does not answer, and this server refuses metered calls of the ${tier} tier until it does (QUOTA_FAIL_MODE); the call was not counted.`;

/**
 * Enforce the caller's tier quota. Mount after authentication and permission checks: a request
 * counts once it has a principal and is admitted. A rejected request gets a 429 'quota-exceeded'
 * problem and is not counted; a response answered with a 5xx status is refunded (by respond()). Counted and
 * rejected responses carry RateLimit-Policy and RateLimit; unlimited policies carry neither and are
 * not counted. Requests without a principal (public endpoints) pass untouched.
 */
export function quota(options: QuotaOptions): Guard {
  const { store, policies } = options;
  const clock = options.now ?? Date.now;
  // Windows change once a day: computing them (Date arithmetic, ISO ids) per request cost ~3 µs.
  const memo = new Map<QuotaPolicy, { slots: QuotaSlot[]; from: number; until: number }>();
  const slotsAt = (policy: QuotaPolicy, now: number): QuotaSlot[] => {
    const hit = memo.get(policy);
    if (hit && now >= hit.from && now < hit.until) return hit.slots;
    const slots = slotsFor(policy, now);
    memo.set(policy, {
      slots,
      from: Math.max(-Infinity, ...slots.map((s) => s.start)),
      until: Math.min(Infinity, ...slots.map((s) => s.resetAt)),
    });
    return slots;
  };

  /** Count the decision: headers, a 429 when a window is used up, the refund for a 5xx. */
  const apply = (req: Req, res: Res, decision: Decision, now: number, slots: QuotaSlot[]): boolean => {
    if (decision.counter === 'unavailable') {
      // The caller's tier fails closed (QUOTA_FAIL_MODE) and the shared store is away: refused, not counted, try again shortly.
      sendProblem(req, res, problem('unavailable', storeDown(req.ctx.principal!.tier)), ['Retry-After', String(STORE_RETRY_SECONDS)]);
      return false;
    }
    quotaHeaders(req.ctx.headers, decision, now, slots);
    if (decision.violated) {
      sendProblem(req, res, exceeded(decision.violated, decision.usage));
      return false;
    }
    req.ctx.counted = true;
    // respond() gives it back on a 5xx: a server failure is ours, not the caller's.
    req.ctx.charge = new CountedCall(store, req.ctx.principal!.keyId, decision);
    return true;
  };

  return function quota(req, res) {
    const principal = req.ctx.principal;
    if (!principal) return true;
    const now = clock();
    const slots = slotsAt(policyFor(policies, principal), now);
    if (slots.length === 0) return true;
    // A store that counts in this process answers at once: the request goes on in the same tick.
    if (store.consumeNow) return apply(req, res, store.consumeNow(principal.keyId, slots, now), now, slots);
    return store.consume(principal.keyId, slots, now, principal.tier).then((decision) => apply(req, res, decision, now, slots));
  };
}

function exceeded(violated: SlotUsage, usage: SlotUsage[]): Problem {
  const reset = isoSeconds(violated.resetAt);
  return problem(
    'quota-exceeded',
    `The ${ADJECTIVE[violated.window]} quota of ${violated.limit} calls for this API key is used up; it resets at ${reset}.`,
    {
      window: violated.window,
      limit: violated.limit,
      reset,
      // Member defined by draft-ietf-httpapi-ratelimit-headers for its quota-exceeded problem type.
      'violated-policies': usage.filter((slot) => slot.used >= slot.limit).map((slot) => slot.window),
    },
  );
}

/** One admitted call, given back to its store when the answer is a 5xx. */
class CountedCall implements Charge {
  constructor(
    private readonly store: QuotaStore,
    private readonly keyId: string,
    private readonly decision: Decision,
  ) {}

  refund(): void {
    void this.store.refund(this.keyId, this.decision);
  }
}
