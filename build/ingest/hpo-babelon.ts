import { HP_ID, checkId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';

const COLUMNS = ['subject_id', 'predicate_id', 'source_value'] as const;

/**
 * Current English HPO labels from a Babelon TSV (`hp-*.babelon.tsv`): `source_value` of every
 * `rdfs:label` row whose subject is an `HP:` id. Other subjects (BFO, RO) and predicates are skipped.
 */
export function readHpoLabels(file: string): Map<string, string> {
  const labels = new Map<string, string>();
  forEachTsvRow(file, COLUMNS, ([subject, predicate, label], line) => {
    if (predicate !== 'rdfs:label' || !subject.startsWith('HP:')) return;
    labels.set(checkId(file, line, 'HPO', HP_ID, subject), label);
  });
  return labels;
}
