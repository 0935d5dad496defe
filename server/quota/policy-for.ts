import type { Policies, QuotaPolicy } from '../contract/api/quotas.ts';
import { type Tier, TIERS } from '../contract/api/tiers.ts';
import type { Principal } from '../http/context.ts';

/** The policy that governs a caller: test keys get the 'test' policy whatever tier they carry. */
export function policyFor(policies: Policies, principal: Principal): QuotaPolicy {
  return principal.test ? policies.test : policies[principal.tier];
}

/** The tiers whose (non-test) keys are counted: a policy with at least one limited window. */
export function meteredTiers(policies: Policies): Tier[] {
  return TIERS.filter((tier) => Object.values(policies[tier].limits).some((limit) => limit !== null));
}
