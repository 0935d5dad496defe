import { checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type MondoClass } from './source-types.ts';

const COLUMNS = ['cls', 'cls_label', 'textdef_count'] as const;

/**
 * Mondo classes from `reports/class-stats.tsv`: the current label of every MONDO: id. Rows for
 * imported classes (GO, CHEBI, HP, ...) are skipped. The report wraps each label in double quotes,
 * which are stripped. Obsolete classes are returned too (see {@link isObsoleteLabel}); the caller decides.
 */
export function readMondoClasses(file: string): MondoClass[] {
  const out: MondoClass[] = [];
  forEachTsvRow(file, COLUMNS, ([id, label, textdefs], line) => {
    if (!id.startsWith('MONDO:')) return;
    checkMondoId(file, line, id);
    if (!/^\d+$/.test(textdefs)) throw new IngestError(file, `line ${line}`, `textdef_count is not a count: "${textdefs}"`);
    out.push({ id, label: stripWrappingQuotes(label), hasTextDef: Number(textdefs) > 0 });
  });
  return out;
}

/** Mondo marks an obsolete class by prefixing its label with `obsolete `. */
export function isObsoleteLabel(label: string): boolean {
  return label.startsWith('obsolete ');
}

function stripWrappingQuotes(label: string): string {
  return label.length >= 2 && label.startsWith('"') && label.endsWith('"') ? label.slice(1, -1) : label;
}
