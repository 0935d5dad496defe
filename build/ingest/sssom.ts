import { CURIE, checkId, checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type MappingPredicate, type SssomFile, type SssomMapping } from './source-types.ts';

const COLUMNS = ['subject_id', 'predicate_id', 'object_id', 'mapping_justification'] as const;
const PREDICATES = new Map<string, MappingPredicate>([
  ['skos:exactMatch', 'exactMatch'],
  ['skos:closeMatch', 'closeMatch'],
  ['skos:broadMatch', 'broadMatch'],
  ['skos:narrowMatch', 'narrowMatch'],
  ['skos:relatedMatch', 'relatedMatch'],
  ['oboInOwl:hasDbXref', 'hasDbXref'],
]);

/**
 * One SSSOM TSV (optionally gzipped) as published in `mondo/mappings/`. The `#` YAML header is
 * read line by line for the top-level `license` and `mapping_set_version` keys only (no YAML parser:
 * these are plain scalars). `object_label` is optional (43 of Mondo's 71 files lack it): null then.
 * Subjects are checked as Mondo ids when they use the MONDO prefix, objects as CURIEs.
 */
export function readSssom(file: string): SssomFile {
  const mappings: SssomMapping[] = [];
  const preamble = forEachTsvRow(file, COLUMNS, (cells, line) => mappings.push(toMapping(file, line, cells)), {
    commentPrefix: '#',
    optionalColumns: ['object_label'],
  });
  return { mappingSetVersion: headerValue(preamble, 'mapping_set_version'), license: headerValue(preamble, 'license'), mappings };
}

function toMapping(file: string, line: number, [subject, predicateId, object, justification, objectLabel]: string[]): SssomMapping {
  if (subject.startsWith('MONDO:')) checkMondoId(file, line, subject);
  else checkId(file, line, 'subject', CURIE, subject);
  checkId(file, line, 'object', CURIE, object);
  const predicate = PREDICATES.get(predicateId);
  if (predicate === undefined) throw new IngestError(file, `line ${line}`, `unknown mapping predicate "${predicateId}"`);
  return { subject, predicate, object, objectLabel: objectLabel === '' ? null : objectLabel, justification };
}

/** Value of a top-level `# key: value` line (indented lines belong to maps such as curie_map). */
function headerValue(preamble: readonly string[], key: string): string | null {
  const prefix = `# ${key}:`;
  for (const line of preamble) {
    if (!line.startsWith(prefix)) continue;
    const value = line
      .slice(prefix.length)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2');
    return value === '' ? null : value;
  }
  return null;
}
