import defaultTiers from './tiers.json' with { type: 'json' };
import { TIERS, type Tier } from './tiers.ts';

/**
 * Quotas per tier: tiers.json beside this file is the default (the build documents it in the
 * OpenAPI document); TIERS_FILE points the server at an operator's own file of the same shape
 * (read by server/quota/load-policies.ts).
 */

/** The two UTC calendar windows every quota is counted in. */
export const WINDOW_NAMES = ['day', 'month'] as const;
export type WindowName = (typeof WINDOW_NAMES)[number];

/** A tier's name in tiers.json; 'test' covers every svc_test_ key. */
export type PolicyName = Tier | 'test';

/** Calls allowed per window; null means that window is not limited. */
export interface QuotaPolicy {
  name: PolicyName;
  limits: Record<WindowName, number | null>;
}

export type Policies = Record<PolicyName, QuotaPolicy>;

export const POLICY_NAMES: readonly PolicyName[] = [...TIERS, 'test'];

/** The policies of server/contract/api/tiers.json. */
export const DEFAULT_POLICIES: Policies = parsePolicies(defaultTiers, 'server/contract/api/tiers.json');

/**
 * Validate the parsed content of tiers.json: `{ "tiers": { <name>: { "day": n|null, "month": n|null } } }`
 * with exactly the five policy names. Unknown names and members are rejected rather than ignored,
 * because a misspelt tier would otherwise silently fall back to nothing. Throws an Error naming
 * `source` and the offending member.
 */
export function parsePolicies(json: unknown, source = 'tiers.json'): Policies {
  const fail = (where: string, what: string): never => {
    throw new Error(`${source}: ${where} ${what}`);
  };
  if (!isObject(json)) fail('the document', 'must be an object');
  const doc = json as Record<string, unknown>;
  for (const member of Object.keys(doc)) {
    if (member !== 'tiers' && member !== '$comment') fail(member, 'is not a known member (expected "tiers")');
  }
  const tiers = doc.tiers;
  if (!isObject(tiers)) fail('tiers', 'must be an object');
  const table = tiers as Record<string, unknown>;
  for (const name of Object.keys(table)) {
    if (!POLICY_NAMES.includes(name as PolicyName)) fail(`tiers.${name}`, `is not a known tier (expected ${POLICY_NAMES.join(', ')})`);
  }
  const policies = {} as Policies;
  for (const name of POLICY_NAMES) {
    const entry = table[name];
    if (!isObject(entry)) fail(`tiers.${name}`, 'must be an object with "day" and "month"');
    const windows = entry as Record<string, unknown>;
    for (const member of Object.keys(windows)) {
      if (!WINDOW_NAMES.includes(member as WindowName)) fail(`tiers.${name}.${member}`, 'is not a window (expected day, month)');
    }
    const limits = {} as Record<WindowName, number | null>;
    for (const window of WINDOW_NAMES) {
      const limit = windows[window];
      if (limit !== null && !(Number.isSafeInteger(limit) && (limit as number) >= 0)) {
        fail(`tiers.${name}.${window}`, 'must be a non-negative integer, or null for unlimited');
      }
      limits[window] = limit as number | null;
    }
    policies[name] = { name, limits };
  }
  return policies;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
