import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tier } from '../contract/tiers.ts';
import type { Principal } from '../http/context.ts';
import { WINDOW_NAMES, type WindowName } from './windows.ts';

/** A tier's name in tiers.json; 'test' covers every svc_test_ key. */
export type PolicyName = Tier | 'test';

/** Calls allowed per window; null means that window is not limited. */
export interface QuotaPolicy {
  name: PolicyName;
  limits: Record<WindowName, number | null>;
}

export type Policies = Record<PolicyName, QuotaPolicy>;

export const POLICY_NAMES: readonly PolicyName[] = ['free', 'developer', 'professional', 'enterprise', 'test'];

/** server/tiers.json, the one place operators change limits. */
export const DEFAULT_TIERS_FILE = fileURLToPath(new URL('../contract/tiers.json', import.meta.url));

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

/** Read and validate tiers.json (server/tiers.json unless `file` is given); throws on any problem. */
export function loadPolicies(file: string = DEFAULT_TIERS_FILE): Policies {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: cannot be read as JSON: ${(err as Error).message}`);
  }
  return parsePolicies(json, file);
}

/** The policy that governs a caller: test keys get the 'test' policy whatever tier they carry. */
export function policyFor(policies: Policies, principal: Principal): QuotaPolicy {
  return principal.test ? policies.test : policies[principal.tier];
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
