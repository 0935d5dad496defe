import { checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type MondoObsolete } from './source-types.ts';

const COLUMNS = ['cls', 'replCls', 'consCls'] as const;

/**
 * Obsolete Mondo classes from `reports/obsoletes.tsv` (non-MONDO rows are skipped). The report
 * writes one row per `consider` target, so rows of the same class are merged in file order;
 * two different replacements for one class are an error. `labels` (id -> label, e.g. from
 * class-stats) supplies the label; without an entry it is ''.
 */
export function readMondoObsoletes(file: string, labels: ReadonlyMap<string, string> = new Map()): MondoObsolete[] {
  const byId = new Map<string, MondoObsolete>();
  forEachTsvRow(file, COLUMNS, ([id, replacedBy, consider], line) => {
    if (!id.startsWith('MONDO:')) return;
    checkMondoId(file, line, id);
    let entry = byId.get(id);
    if (!entry) {
      entry = { id, label: labels.get(id) ?? '', replacedBy: null, consider: [] };
      byId.set(id, entry);
    }
    if (replacedBy !== '') {
      if (entry.replacedBy !== null && entry.replacedBy !== replacedBy) {
        throw new IngestError(file, `line ${line}`, `conflicting replacements for ${id}: "${entry.replacedBy}" and "${replacedBy}"`);
      }
      entry.replacedBy = replacedBy;
    }
    if (consider !== '' && !entry.consider.includes(consider)) entry.consider.push(consider);
  });
  return [...byId.values()];
}
