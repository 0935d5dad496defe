/**
 * ClinicalTrials.gov studies from two third-party reshapings (see SOURCES.md section 8 and 9c).
 *
 * - `ctrialsgov_tbl_join_sample_*.csv`: the ctrialsgov 2.5 % random sample. `conditions` and
 *   `interventions` are `|`-separated free text; `rec_status` ("Active, not recruiting") becomes a
 *   snake_case TrialStatus; `phase` is kept as written ("Phase 1/Phase 2", "N/A"), empty -> null.
 * - `angelman-clinical-trials.json`: the result of an "Angelman syndrome" registry query, flattened.
 *   It has no conditions, phase, intervention or study-type fields. Because a query hit is not proof
 *   that the study is about Angelman syndrome, `conditions` is ['Angelman syndrome'] only when
 *   BriefTitle or BriefSummary mentions "Angelman" (case-insensitive), else []. `OverallStatus`
 *   (ACTIVE_NOT_RECRUITING) becomes 'active_not_recruiting'; StartDate may be `YYYY-MM` and is kept.
 * Statuses outside TrialStatus (e.g. AVAILABLE, an expanded-access state) become 'other'.
 */
import { parseCsv } from './csv.ts';
import { columnIndexes, readText, splitList } from './read-text.ts';
import { IngestError, type Trial, type TrialStatus } from './source-types.ts';

const COLUMNS = [
  'nct_id',
  'brief_title',
  'rec_status',
  'phase',
  'start_date',
  'last_update',
  'conditions',
  'interventions',
  'sponsor',
  'study_type',
] as const;
const NCT_ID = /^NCT\d{8}$/;
const STATUSES = new Set<TrialStatus>([
  'recruiting',
  'not_yet_recruiting',
  'enrolling_by_invitation',
  'active_not_recruiting',
  'completed',
  'terminated',
  'withdrawn',
  'suspended',
  'unknown',
  'approved_for_marketing',
]);

/** Every study of the ctrialsgov sample CSV. */
export function readCtgovSample(file: string): Trial[] {
  const records = parseCsv(readText(file), file);
  if (records.length === 0) throw new IngestError(file, '', `empty file; expected columns: ${COLUMNS.join(', ')}`);
  const index = columnIndexes(file, records[0].line, records[0].cells, COLUMNS);
  return records.slice(1).map(({ line, cells }) => {
    const get = (k: number): string => (cells[index[k]] ?? '').trim();
    const orNull = (k: number): string | null => get(k) || null;
    return {
      nctId: checkNct(file, line, get(0)),
      title: get(1),
      status: trialStatus(get(2)),
      phase: orNull(3),
      startDate: orNull(4),
      lastUpdate: orNull(5),
      conditions: splitList(get(6), '|'),
      interventions: splitList(get(7), '|'),
      sponsor: orNull(8),
      studyType: orNull(9),
    };
  });
}

/** Every study of the Angelman query JSON array; see the module comment for `conditions`. */
export function readAngelmanTrials(file: string): Trial[] {
  let doc: unknown;
  try {
    doc = JSON.parse(readText(file));
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(file, '', `invalid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(doc)) throw new IngestError(file, '', 'expected a JSON array of studies');
  return doc.map((study: Record<string, unknown>, k): Trial => {
    const text = (key: string): string => (typeof study?.[key] === 'string' ? (study[key] as string).trim() : '');
    const nctId = text('NCTId');
    if (!NCT_ID.test(nctId)) throw new IngestError(file, `/${k}/NCTId`, `malformed NCT id "${nctId}"`);
    const mentions = /angelman/i.test(text('BriefTitle')) || /angelman/i.test(text('BriefSummary'));
    return {
      nctId,
      title: text('BriefTitle'),
      status: trialStatus(text('OverallStatus')),
      phase: null,
      startDate: text('StartDate') || null,
      lastUpdate: null,
      conditions: mentions ? ['Angelman syndrome'] : [],
      interventions: [],
      sponsor: text('Sponsor') || null,
      studyType: null,
    };
  });
}

/** "Active, not recruiting", "Unknown status" and "ACTIVE_NOT_RECRUITING" all map to snake_case. */
export function trialStatus(raw: string): TrialStatus {
  const key = raw
    .toLowerCase()
    .replace(/\bstatus\b/, '')
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
  return STATUSES.has(key as TrialStatus) ? (key as TrialStatus) : 'other';
}

function checkNct(file: string, line: number, value: string): string {
  if (!NCT_ID.test(value)) throw new IngestError(file, `line ${line}`, `malformed NCT id "${value}"`);
  return value;
}
