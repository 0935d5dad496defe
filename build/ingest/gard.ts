import { parseCsv } from './csv.ts';
import { columnIndexes, readText, splitList } from './read-text.ts';
import { IngestError, type GardDisease, type GardXref } from './source-types.ts';

const GARD_ID = /^GARD:\d{7}$/;
const DISEASE_COLUMNS = ['GardID', 'DataSource', 'SourceID', 'ClassificationLevel', 'DisorderType', 'Name', 'Synonym'] as const;
const XREF_COLUMNS = ['GardID', 'XrefSource', 'SourceID', 'MapRelationship'] as const;

/** Rows of a CSV with the named columns (found by header name), each with its line. */
function readRows(file: string, columns: readonly string[]): { line: number; cells: string[] }[] {
  const records = parseCsv(readText(file), file);
  if (records.length === 0) throw new IngestError(file, '', `empty file; expected columns: ${columns.join(', ')}`);
  const index = columnIndexes(
    file,
    records[0].line,
    records[0].cells.map((c) => c.trim()),
    columns,
  );
  return records.slice(1).map(({ line, cells }) => ({ line, cells: index.map((i) => (cells[i] ?? '').trim()) }));
}

function checkGardId(file: string, line: number, id: string): string {
  if (!GARD_ID.test(id)) throw new IngestError(file, `line ${line}`, `malformed GARD id "${id}" (expected GARD: and 7 digits)`);
  return id;
}

/**
 * GARD diseases (`GARD.csv` of NCATS RDAS): id, name, `|`-separated synonyms (trimmed, empties and
 * copies of the name dropped), the record GARD took them from and its classification. A GARD id
 * listed twice is an error.
 */
export function readGardDiseases(file: string): GardDisease[] {
  const seen = new Set<string>();
  return readRows(file, DISEASE_COLUMNS).map(({ line, cells: [id, dataSource, sourceId, level, type, name, synonyms] }) => {
    checkGardId(file, line, id);
    if (seen.has(id)) throw new IngestError(file, `line ${line}`, `duplicate GARD id "${id}"`);
    seen.add(id);
    if (name === '') throw new IngestError(file, `line ${line}`, `empty Name for ${id}`);
    const lower = name.toLowerCase();
    return {
      id,
      name,
      dataSource,
      sourceId: sourceId === '' ? null : sourceId,
      classificationLevel: level,
      disorderType: type,
      synonyms: [...new Set(splitList(synonyms, '|'))].filter((s) => s.toLowerCase() !== lower),
    };
  });
}

/** GARD cross-references (`GARD_xrefs.csv`): source system, its id as GARD writes it (`219700`, `E84.0`) and the relation. */
export function readGardXrefs(file: string): GardXref[] {
  return readRows(file, XREF_COLUMNS).map(({ line, cells: [gardId, source, sourceId, relation] }) => {
    checkGardId(file, line, gardId);
    if (source === '' || sourceId === '') throw new IngestError(file, `line ${line}`, `empty XrefSource or SourceID for ${gardId}`);
    return { gardId, source, sourceId, relation };
  });
}
