import type { EditorialFile } from './editorial-file.ts';
import type { ExpertJoinReport } from './expert-join.ts';

/** An editorial file curated longer ago than this is listed for review (QC tier 3). */
export const STALE_AFTER_MONTHS = 12;

/** QC tiers 2 and 3 of the expert content, as the QC report (qc-report.json.gz) lists them. */
export interface EditorialQc {
  files: number;
  joined: number;
  /** Tier 2: facts a newer release contradicts, with the sections composed without them; files whose disease is gone. */
  tier2: { regenerated: ExpertJoinReport['regenerated']; orphaned: ExpertJoinReport['orphaned'] };
  /** Tier 3: what an editor should look at: the files tier 2 flagged, those not reviewed, those older than STALE_AFTER_MONTHS. */
  review: {
    flagged: string[];
    stale: { mondoId: string; curatedOn: string }[];
    unreviewed: string[];
    warnings: ExpertJoinReport['warnings'];
  };
}

/** Whole months from `date` (YYYY-MM-DD) to `now`. */
export function monthsSince(date: string, now: Date): number {
  const d = new Date(`${date}T00:00:00Z`);
  const months = (now.getUTCFullYear() - d.getUTCFullYear()) * 12 + (now.getUTCMonth() - d.getUTCMonth());
  return now.getUTCDate() < d.getUTCDate() ? months - 1 : months;
}

/** The editorial part of the QC report, from the files and what joining them did, as of `now`. */
export function editorialQc(files: readonly { doc: EditorialFile }[], join: ExpertJoinReport, now: Date): EditorialQc {
  const flagged = [...new Set([...join.regenerated.map((r) => r.mondoId), ...join.orphaned.map((o) => o.mondoId)])].sort();
  return {
    files: files.length,
    joined: join.joined,
    tier2: { regenerated: join.regenerated, orphaned: join.orphaned },
    review: {
      flagged,
      stale: files
        .filter(({ doc }) => monthsSince(doc.curated.on, now) >= STALE_AFTER_MONTHS)
        .map(({ doc }) => ({ mondoId: doc.mondoId, curatedOn: doc.curated.on })),
      unreviewed: files.filter(({ doc }) => doc.reviews.length === 0).map(({ doc }) => doc.mondoId),
      warnings: join.warnings,
    },
  };
}
