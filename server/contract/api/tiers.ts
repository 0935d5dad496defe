/**
 * Subscription tiers and the scopes (permissions) a key of each tier carries. The server enforces
 * them; the build writes them into the OpenAPI document. Quotas per tier are in tiers.json.
 */

/** Subscription tiers, cheapest first. */
export const TIERS = ['free', 'developer', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * Every permission a key can carry: 'read' per-disease endpoints and the release history, 'search' listing and search,
 * 'bulk' the bulk endpoint, 'webhooks' the webhook subscriptions.
 */
export const SCOPES = ['read', 'search', 'bulk', 'webhooks'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Scopes a new key of each tier gets. Bulk composition and webhooks are the paid features of the
 * upper tiers: professional is the self-serve production tier (see README "Webhooks"), so it is
 * the "self-serve tier and above" that the interface offers webhooks to.
 */
export const TIER_SCOPES: Readonly<Record<Tier, readonly Scope[]>> = {
  free: ['read', 'search'],
  developer: ['read', 'search'],
  professional: ['read', 'search', 'bulk', 'webhooks'],
  enterprise: ['read', 'search', 'bulk', 'webhooks'],
};

/** The tier webhooks start at: the self-serve production tier. */
export const SELF_SERVE_TIER: Tier = 'professional';

/** Whether a string names a tier (for the CLI and the key file, which arrive untyped). */
export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** Whether a string names a scope. */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
