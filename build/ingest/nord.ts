import { MONDO_ID, checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import type { NordReport } from './source-types.ts';

const COLUMNS = ['mondo_id', 'report_ref', 'preferred_name', 'medlineplus_id', 'genereviews_id'] as const;
const DOUBLED_PREFIX = /^MONDO:(MONDO:\d{7})$/;

/**
 * NORD rare-disease list membership and report links from the mondo-ingest ROBOT template
 * `nord.robot.tsv` (row 2, the template directives, is skipped). Empty cells are null.
 * `medlineplus_id` and `genereviews_id` hold URLs despite their names. One upstream row is keyed
 * `MONDO:MONDO:0006804`; a doubled `MONDO:` prefix is collapsed, any other malformed id is an error.
 */
export function readNordReports(file: string): NordReport[] {
  const out: NordReport[] = [];
  forEachTsvRow(
    file,
    COLUMNS,
    ([id, reportId, preferredName, medlinePlusUrl, geneReviewsUrl], line) => {
      const fixed = MONDO_ID.test(id) ? id : (DOUBLED_PREFIX.exec(id)?.[1] ?? id);
      out.push({
        mondoId: checkMondoId(file, line, fixed),
        reportId: orNull(reportId),
        preferredName: orNull(preferredName),
        medlinePlusUrl: orNull(medlinePlusUrl),
        geneReviewsUrl: orNull(geneReviewsUrl),
      });
    },
    { robotTemplate: true },
  );
  return out;
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
