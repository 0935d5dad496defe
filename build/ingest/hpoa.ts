import { HP_ID, checkId, releaseDate } from './curie.ts';
import { columnIndexes, readText, splitLines, splitList } from './read-text.ts';
import { IngestError, type HpoAnnotation, type HpoaFile } from './source-types.ts';

/** Column names with case, `#` and `_` removed, so both header styles compare equal. */
const COLUMNS = [
  'databaseid',
  'diseasename',
  'qualifier',
  'hpoid',
  'reference',
  'evidence',
  'onset',
  'frequency',
  'sex',
  'modifier',
  'aspect',
  'biocuration',
] as const;
const ASPECTS = new Set(['P', 'I', 'C', 'M', 'H']);
/** `DB:id` as in OMIM:219700, ORPHA:586, DECIPHER:1. */
const DISEASE_ID = /^[A-Z][A-Za-z0-9]*:\S+$/;

/**
 * HPO disease annotations (`phenotype.hpoa`). Both layouts are read: the 2023 one, whose column-name
 * line starts with `#` (`#DatabaseID DiseaseName ...`), and the newer one (`database_id disease_name ...`).
 * Metadata comes from `#date:` (or `#version:`) and `#HPO-version:` (any case); the HPO version is
 * reduced to its release date when it is a release IRI. Qualifier `NOT` sets `negated`; Reference
 * and Modifier are `;`-separated; Sex is lower-cased. Ids are validated.
 */
export function readHpoa(file: string): HpoaFile {
  const lines = splitLines(readText(file));
  let date: string | null = null;
  let hpoVersion: string | null = null;
  let at = 0;
  for (; at < lines.length; at++) {
    const text = lines[at];
    if (!text.startsWith('#') || text.includes('\t')) break;
    const colon = text.indexOf(':');
    const key = text
      .slice(1, colon < 0 ? undefined : colon)
      .trim()
      .toLowerCase();
    const value = colon < 0 ? '' : text.slice(colon + 1).trim();
    if (key === 'date' || key === 'version') date = value || null;
    else if (key === 'hpo-version') hpoVersion = value ? releaseDate(value) : null;
  }
  if (at >= lines.length) throw new IngestError(file, '', 'no column-name line');
  const header = lines[at]
    .replace(/^#/, '')
    .split('\t')
    .map((name) => name.trim().toLowerCase().replaceAll('_', ''));
  const index = columnIndexes(file, at + 1, header, COLUMNS);
  const annotations: HpoAnnotation[] = [];
  for (at++; at < lines.length; at++) {
    if (lines[at] === '') continue;
    const raw = lines[at].split('\t');
    const cell = (k: number): string => raw[index[k]] ?? '';
    annotations.push(toAnnotation(file, at + 1, cell));
  }
  return { date, hpoVersion, annotations };
}

function toAnnotation(file: string, line: number, cell: (k: number) => string): HpoAnnotation {
  const where = `line ${line}`;
  const diseaseId = checkId(file, line, 'disease', DISEASE_ID, cell(0));
  const qualifier = cell(2);
  if (qualifier !== '' && qualifier !== 'NOT') throw new IngestError(file, where, `unknown qualifier "${qualifier}"`);
  const onset = cell(6);
  if (onset !== '') checkId(file, line, 'HPO onset', HP_ID, onset);
  const sex = cell(8).toLowerCase();
  if (sex !== '' && sex !== 'male' && sex !== 'female') throw new IngestError(file, where, `unknown sex "${cell(8)}"`);
  const aspect = cell(10);
  if (!ASPECTS.has(aspect)) throw new IngestError(file, where, `unknown aspect "${aspect}"`);
  const frequency = cell(7);
  return {
    diseaseId,
    diseaseName: cell(1),
    negated: qualifier === 'NOT',
    hpoId: checkId(file, line, 'HPO', HP_ID, cell(3)),
    references: splitList(cell(4), ';'),
    evidence: cell(5),
    onset: onset === '' ? null : onset,
    frequency: frequency === '' ? null : frequency,
    sex: sex === '' ? null : sex,
    modifiers: splitList(cell(9), ';'),
    aspect: aspect as HpoAnnotation['aspect'],
    biocuration: cell(11),
  };
}
