import type { Scope, Tier } from '../http/context.ts';

/** Subscription tiers, cheapest first. */
export const TIERS: readonly Tier[] = ['free', 'developer', 'professional', 'enterprise'];

/** Every permission a key can carry: 'read' per-disease endpoints, 'search' listing and search, 'bulk' the bulk endpoint. */
export const SCOPES: readonly Scope[] = ['read', 'search', 'bulk'];

/** Scopes a new key of each tier gets; bulk composition is the paid feature of the upper tiers. */
export const TIER_SCOPES: Readonly<Record<Tier, readonly Scope[]>> = {
  free: ['read', 'search'],
  developer: ['read', 'search'],
  professional: ['read', 'search', 'bulk'],
  enterprise: ['read', 'search', 'bulk'],
};

/** Whether a string names a tier (for the CLI and the key file, which arrive untyped). */
export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** Whether a string names a scope. */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
