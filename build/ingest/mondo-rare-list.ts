import { checkMondoId } from './curie.ts';
import { forEachTsvRow, splitList } from './read-text.ts';
import type { MondoRareListEntry } from './source-types.ts';

const COLUMNS = ['ID', 'LABEL', 'SYNONYMS'] as const;

/**
 * The 2023-08 Mondo rare-disease list (`reports/new-rare-diseases.tsv`): id, label and synonyms
 * (`|`-separated, all scopes merged upstream; trimmed, empties dropped). A few cells are
 * CSV-quoted by the report writer because they contain `"`; they are unquoted.
 */
export function readMondoRareList(file: string): MondoRareListEntry[] {
  const out: MondoRareListEntry[] = [];
  forEachTsvRow(
    file,
    COLUMNS,
    ([id, label, synonyms], line) => {
      out.push({ id: checkMondoId(file, line, id), label, synonyms: splitList(synonyms, '|') });
    },
    { unquote: true },
  );
  return out;
}
