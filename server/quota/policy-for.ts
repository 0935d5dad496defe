import type { Policies, QuotaPolicy } from '../contract/api/quotas.ts';
import type { Principal } from '../http/context.ts';

/** The policy that governs a caller: test keys get the 'test' policy whatever tier they carry. */
export function policyFor(policies: Policies, principal: Principal): QuotaPolicy {
  return principal.test ? policies.test : policies[principal.tier];
}
