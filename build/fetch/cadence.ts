import type { Cadence } from '../ingest/source-entry.ts';

const DAY = 86_400_000;

/**
 * The last moment (UTC) at which a source of this cadence may have published a new release:
 * today 00:00 (daily), the latest Sunday 00:00 (weekly-sunday), the 1st of this month 00:00
 * (monthly-1st). `per-release` sources publish whenever they do, so their boundary is `now`:
 * they are always due, and the conditional request keeps asking cheap.
 */
export function releaseBoundary(cadence: Cadence, now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (cadence) {
    case 'daily':
      return new Date(midnight);
    case 'weekly-sunday':
      return new Date(midnight - now.getUTCDay() * DAY);
    case 'monthly-1st':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    case 'per-release':
      return now;
  }
}

/** Due when never checked, or last checked before the latest release boundary. */
export function isDue(cadence: Cadence, lastChecked: string | null, now: Date): boolean {
  if (cadence === 'per-release' || lastChecked === null) return true;
  const checked = Date.parse(lastChecked);
  return Number.isNaN(checked) || checked < releaseBoundary(cadence, now).getTime();
}
