import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssistanceStatus } from '../../server/contract/api/vocab.ts';
import type { Provenance } from './source-list.ts';
import { IngestError } from './source-types.ts';
import { EDITORIAL_GLOB as EXPERT_GLOB, type EditorialFile as ExpertFile } from '../editorial/editorial-file.ts';

/** The editorial lists' entries, as records carry them (content/advocacy-groups, content/assistance-programs). */
export interface AdvocacyGroup {
  name: string;
  url: string | null;
  kind: string;
  reportId: string | null;
  provenance: Provenance;
}
export interface AssistanceProgram {
  name: string;
  sponsor: string | null;
  url: string | null;
  status: AssistanceStatus;
  eligibility: string | null;
  provenance: Provenance;
}

/** Editorial inputs in content/: advocacy groups and assistance programs keyed by Mondo id, and the expert files. */
export interface EditorialData {
  advocacy: Map<string, AdvocacyGroup[]>;
  assistance: Map<string, AssistanceProgram[]>;
  advocacyFiles: number;
  assistanceFiles: number;
  /** The expert files (content/editorial/, build/editorial/), schema-valid, by file name. */
  expert: { file: string; doc: ExpertFile }[];
}

interface EditorialItem {
  name: string;
  url?: string | null;
  kind?: string;
  sponsor?: string | null;
  status?: AssistanceStatus;
  eligibility?: string | null;
  source: string;
  retrieved: string;
}
interface EditorialFile {
  mondoId: string;
  items: EditorialItem[];
}

/** The kinds of editorial file, each with its schema. */
export type EditorialKind = 'advocacy' | 'assistance' | 'expert';

/** Validates one editorial file against its schema; returns messages naming JSON pointers. */
export type EditorialCheck = (kind: EditorialKind, doc: unknown) => string[];

function readDocs<T = EditorialFile>(
  pattern: string,
  cwd: string,
  kind: EditorialKind,
  check?: EditorialCheck,
): { file: string; doc: T }[] {
  return fg
    .sync(pattern, { cwd, absolute: true })
    .sort()
    .map((file) => {
      let doc: unknown;
      try {
        doc = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        throw new IngestError(file, '', `invalid JSON: ${(err as Error).message}`);
      }
      const problems = check?.(kind, doc) ?? [];
      if (problems.length) throw new IngestError(file, problems[0].split(' ')[0], problems.join('; '));
      return { file, doc: doc as T };
    });
}

/** Where our curated entries live, under content/ (also what the input fingerprint covers). */
export const EDITORIAL_FILES = { advocacy: 'advocacy-groups/*.json', assistance: 'assistance-programs/*.json' } as const;

/**
 * Our curated advocacy groups and assistance programs (content/advocacy-groups/*.json and
 * content/assistance-programs/*.json, formats in their READMEs; there is no such data yet: the
 * records then say the source is absent rather than list anything invented), and the expert files
 * (EDITORIAL_DIR, by default content/editorial/: MONDO_*.json), each validated against its schema.
 */
export function readEditorial(contentDir: string, check?: EditorialCheck, editorialDir = join(contentDir, 'editorial')): EditorialData {
  const advocacy = new Map<string, AdvocacyGroup[]>();
  const assistance = new Map<string, AssistanceProgram[]>();
  const adv = readDocs(EDITORIAL_FILES.advocacy, contentDir, 'advocacy', check);
  for (const { doc } of adv) {
    const list = advocacy.get(doc.mondoId) ?? [];
    for (const it of doc.items)
      list.push({
        name: it.name,
        url: it.url ?? null,
        kind: it.kind ?? 'patient-organization',
        reportId: null,
        provenance: { source: 'editorial', release: it.retrieved },
      });
    advocacy.set(doc.mondoId, list);
  }
  const ast = readDocs(EDITORIAL_FILES.assistance, contentDir, 'assistance', check);
  for (const { doc } of ast) {
    const list = assistance.get(doc.mondoId) ?? [];
    for (const it of doc.items)
      list.push({
        name: it.name,
        sponsor: it.sponsor ?? null,
        url: it.url ?? null,
        status: it.status ?? 'unknown',
        eligibility: it.eligibility ?? null,
        provenance: { source: 'editorial', release: it.retrieved },
      });
    assistance.set(doc.mondoId, list);
  }
  const expert = readDocs<ExpertFile>(EXPERT_GLOB, editorialDir, 'expert', check);
  return { advocacy, assistance, advocacyFiles: adv.length, assistanceFiles: ast.length, expert };
}
