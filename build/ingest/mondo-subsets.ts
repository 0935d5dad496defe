import { checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type MondoSubset } from './source-types.ts';

const COLUMNS = ['id', 'subset', 'group'] as const;

/**
 * Subset memberships from `mondo_subsets.tsv` (one row per id and subset; `group` is
 * `diseases`, `susceptibilities`, ...). The rare flag is membership of the `rare` subset.
 */
export function readMondoSubsets(file: string): MondoSubset[] {
  const out: MondoSubset[] = [];
  forEachTsvRow(file, COLUMNS, ([id, subset, group], line) => {
    checkMondoId(file, line, id);
    if (subset === '') throw new IngestError(file, `line ${line}`, `empty subset for ${id}`);
    out.push({ id, subset, group });
  });
  return out;
}
