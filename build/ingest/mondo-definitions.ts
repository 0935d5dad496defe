/**
 * Mondo definition text recovered from the concatenated release-diff reports (see SOURCES.md 9a):
 * `mondo_release_diff_new_terms_*.tsv` (`definition` of each class when it was added) and
 * `mondo_release_diff_changed_terms_*.tsv` (`definition` rows: `value_new` is the new text).
 *
 * Rule, per Mondo id: take the newest row by `report_commit_date` among
 *  - new-terms rows with a non-empty `definition` (an empty one says nothing: the class had none yet), and
 *  - changed-terms rows with `property` = `definition`, where an empty `value_new` means the
 *    definition was removed.
 * On equal dates a changed-terms row beats a new-terms row (the change was made to the added text);
 * within one file the first row wins (files list newer reports first). If the winner is a removal,
 * the id gets no definition. Cells written with CSV-style quoting by the report generator are unquoted;
 * other oddities of upstream text (stray backslashes) are kept as published. The reports carry no
 * definition references: `references` is [].
 */
import { checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type MondoDefinition } from './source-types.ts';

const NEW_COLUMNS = ['report_commit', 'report_commit_date', 'mondo_id', 'definition'] as const;
const CHANGED_COLUMNS = ['report_commit', 'report_commit_date', 'mondo_id', 'property', 'value_new'] as const;
const CHANGED_BOTH = ['report_commit', 'report_commit_date', 'mondo_id', 'property', 'value_old', 'value_new'] as const;

interface Candidate extends MondoDefinition {
  fromChanges: boolean;
}

/** Newest Mondo definition per id from the two release-diff reports; removed definitions are absent. */
export function readMondoDefinitions(newTermsFile: string, changedTermsFile: string): Map<string, MondoDefinition> {
  const best = new Map<string, Candidate>();
  const offer = (candidate: Candidate): void => {
    const current = best.get(candidate.id);
    if (!current || candidate.date > current.date || (candidate.date === current.date && candidate.fromChanges && !current.fromChanges)) {
      best.set(candidate.id, candidate);
    }
  };
  forEachTsvRow(
    newTermsFile,
    NEW_COLUMNS,
    ([commit, date, id, text], line) => {
      checkRow(newTermsFile, line, commit, date, id);
      if (text !== '') offer({ id, text, date, commit, references: [], fromChanges: false });
    },
    { unquote: true },
  );
  forEachTsvRow(
    changedTermsFile,
    CHANGED_COLUMNS,
    ([commit, date, id, property, text], line) => {
      checkRow(changedTermsFile, line, commit, date, id);
      if (property === 'definition') offer({ id, text, date, commit, references: [], fromChanges: true });
    },
    { unquote: true },
  );
  const out = new Map<string, MondoDefinition>();
  for (const [id, { text, date, commit }] of best) if (text !== '') out.set(id, { id, text, date, commit, references: [] });
  return out;
}

function checkRow(file: string, line: number, commit: string, date: string, id: string): void {
  checkMondoId(file, line, id);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new IngestError(file, `line ${line}`, `malformed report_commit_date "${date}"`);
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new IngestError(file, `line ${line}`, `malformed report_commit "${commit}"`);
}

/**
 * Every definition text the two reports hold, old and new, once each (first by report order): what Mondo
 * has written for a class at some release. Only used to find Mondo's punctuation of a text another source
 * gives without it (DEFINITION_RULE); a class's definition is readMondoDefinitions'.
 */
export function readMondoDefinitionTexts(newTermsFile: string, changedTermsFile: string): MondoDefinition[] {
  const out = new Map<string, MondoDefinition>();
  const offer = (id: string, text: string, date: string, commit: string) => {
    if (text !== '' && !out.has(text)) out.set(text, { id, text, date, commit, references: [] });
  };
  forEachTsvRow(newTermsFile, NEW_COLUMNS, ([commit, date, id, text]) => offer(id, text, date, commit), { unquote: true });
  forEachTsvRow(
    changedTermsFile,
    CHANGED_BOTH,
    ([commit, date, id, property, before, after]) => {
      if (property !== 'definition') return;
      offer(id, after, date, commit);
      offer(id, before, date, commit);
    },
    { unquote: true },
  );
  return [...out.values()];
}
