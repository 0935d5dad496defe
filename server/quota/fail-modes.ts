import { isTier, type Tier, TIERS } from '../contract/api/tiers.ts';

/** What a tier's metered calls get while the shared quota store does not answer: served and counted locally, or a 503. */
export type FailMode = 'open' | 'closed';
export type FailModes = Readonly<Record<Tier, FailMode>>;

const isMode = (v: string): v is FailMode => v === 'open' || v === 'closed';
const everyTier = (mode: FailMode) => Object.freeze(Object.fromEntries(TIERS.map((t) => [t, mode])) as Record<Tier, FailMode>);

/** QUOTA_FAIL_MODE's default: every tier is served and counted locally while the store is away. */
export const FAIL_OPEN: FailModes = everyTier('open');

/**
 * QUOTA_FAIL_MODE (server/settings.ts): one mode for every tier, or `tier=mode` pairs (tiers not
 * named are `open`); throws naming every bad pair.
 */
export function parseFailModes(v: string | undefined): FailModes {
  if (v === undefined || isMode(v)) return everyTier(v ?? 'open');
  const modes = { ...FAIL_OPEN };
  const named = new Set<string>();
  const bad: string[] = [];
  for (const part of v.split(',').map((p) => p.trim())) {
    const [tier, mode, ...rest] = part.split('=').map((x) => x.trim());
    if (mode === undefined || rest.length > 0) bad.push(`"${part}" is not tier=mode`);
    else if (!isTier(tier)) bad.push(`"${part}": "${tier}" is not a tier (${TIERS.join(', ')})`);
    else if (!isMode(mode)) bad.push(`"${part}": the mode must be open or closed`);
    else if (named.has(tier)) bad.push(`"${part}": ${tier} is named twice`);
    else {
      named.add(tier);
      modes[tier] = mode;
    }
  }
  if (bad.length) throw new Error(`must be open, closed, or tier=mode pairs such as free=closed,professional=open: ${bad.join('; ')}`);
  return modes;
}
