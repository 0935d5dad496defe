import { MONDO_ID, checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type RuspRow } from './source-types.ts';

const COLUMNS = ['acronym', 'condition', 'panel', 'category', 'added', 'mondo_id', 'mondo_label', 'subtype_mondo_ids', 'notes'] as const;
const CATEGORIES = new Set(['organic-acid', 'fatty-acid-oxidation', 'amino-acid', 'endocrine', 'hemoglobin', 'other']);

/**
 * The curated RUSP table (`content/curated/rusp.tsv`, described in rusp.README.md). Plain TSV with
 * no quoting (`"` in notes is literal). Every row is validated; the first bad row throws an
 * IngestError naming its line.
 */
export function readRusp(file: string): RuspRow[] {
  const out: RuspRow[] = [];
  forEachTsvRow(file, COLUMNS, ([acronym, condition, panel, category, added, mondoId, mondoLabel, subtypes, notes], line) => {
    const fail = (detail: string): never => {
      throw new IngestError(file, `line ${line}`, detail);
    };
    if (acronym.trim() === '') fail('empty acronym');
    if (condition.trim() === '') fail('empty condition');
    if (panel !== 'core' && panel !== 'secondary') fail(`panel must be "core" or "secondary", found "${panel}"`);
    if (!CATEGORIES.has(category)) fail(`unknown category "${category}"; expected one of ${[...CATEGORIES].join(', ')}`);
    if (added !== '' && !/^(19|20)\d{2}$/.test(added)) fail(`added must be a year or empty, found "${added}"`);
    if (mondoLabel.trim() === '') fail(`empty mondo_label for ${mondoId}`);
    const subtypeMondoIds = subtypes === '' ? [] : subtypes.split(';').map((id) => id.trim());
    for (const id of subtypeMondoIds) if (!MONDO_ID.test(id)) fail(`malformed Mondo id "${id}" in subtype_mondo_ids`);
    out.push({
      acronym,
      condition,
      panel: panel as RuspRow['panel'],
      category,
      added: added === '' ? null : Number(added),
      mondoId: checkMondoId(file, line, mondoId),
      mondoLabel,
      subtypeMondoIds,
      notes,
    });
  });
  return out;
}
