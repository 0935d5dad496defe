import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import type { AssistanceStatus } from '../../server/contract/api/vocab.ts';
import type { Provenance } from './source-list.ts';
import { IngestError } from './source-types.ts';

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

/** Editorial inputs in content/: advocacy groups and assistance programs keyed by Mondo id. */
export interface EditorialData {
  advocacy: Map<string, AdvocacyGroup[]>;
  assistance: Map<string, AssistanceProgram[]>;
  advocacyFiles: number;
  assistanceFiles: number;
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

/** Validates one editorial file against its schema; returns messages naming JSON pointers. */
export type EditorialCheck = (kind: 'advocacy' | 'assistance', doc: unknown) => string[];

function readDocs(
  pattern: string,
  cwd: string,
  kind: 'advocacy' | 'assistance',
  check?: EditorialCheck,
): { file: string; doc: EditorialFile }[] {
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
      return { file, doc: doc as EditorialFile };
    });
}

/** Where our curated entries live, under content/ (also what the input fingerprint covers). */
export const EDITORIAL_FILES = { advocacy: 'advocacy-groups/*.json', assistance: 'assistance-programs/*.json' } as const;

/**
 * Our curated advocacy groups and assistance programs (content/advocacy-groups/*.json and
 * content/assistance-programs/*.json, formats in their READMEs). There is no such data yet: the
 * records then say the source is absent rather than list anything invented.
 */
export function readEditorial(contentDir: string, check?: EditorialCheck): EditorialData {
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
  return { advocacy, assistance, advocacyFiles: adv.length, assistanceFiles: ast.length };
}
