import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import fg from 'fast-glob';
import type { InheritanceTerm, OnsetCategory } from '../../server/contract/api/vocab.ts';

/** A cited statement of an editorial file: our words, and the id of the source that says it. */
export interface CitedText {
  text: string;
  source: string;
}

/** The format of content/editorial/*.json, as content/schemas/editorial-file.schema.json defines it. */
export interface EditorialFile {
  mondoId: string;
  name: string;
  curated: { by: string; on: string; against: { mondo: string; hpo: string; hgnc: string } };
  sources: {
    id: string;
    kind: 'genereviews' | 'medlineplus-genetics' | 'medlineplus' | 'orphanet' | 'nci-pdq' | 'guideline' | 'review';
    title: string;
    url: string;
    identifier?: string | null;
    section: string;
    read: string;
  }[];
  definingFeatures: { hpoId: string; label: string; source: string }[];
  genes: { symbol: string; source: string }[];
  inheritance: { modes: InheritanceTerm[]; note: string | null; source: string } | null;
  onset: { text: string; categories: OnsetCategory[]; source: string } | null;
  mechanism: CitedText | null;
  diagnosis: { test: string; kind: string; finding: string; source: string }[];
  management: { firstLine: CitedText[]; surveillance: CitedText[]; avoid: CitedText[] };
  prevalenceNote: CitedText | null;
  errata: {
    kind: 'synonym' | 'parent' | 'child' | 'inheritance' | 'gene' | 'phenotype';
    value: string;
    statedBy: string[];
    reason: string;
    source: string;
  }[];
  lead: { text: string; basedOn: string[] }[];
  reviews: { by: string; on: string; verdicts: string; confirmed: number; notInSource: number; contradicted: number }[];
}

/** The editorial files of an editorial folder (EDITORIAL_DIR; the input fingerprint covers them). */
export const EDITORIAL_GLOB = 'MONDO_*.json';

/** The file name of a disease's editorial file: `MONDO_0010200.json` for MONDO:0010200. */
export const editorialFileName = (mondoId: string): string => `${mondoId.replace(':', '_')}.json`;

/** One editorial file as read, with the path that messages name. */
export interface ReadEditorialFile {
  file: string;
  doc: EditorialFile;
}

/**
 * Reads every editorial file of a folder (sorted by name). Invalid JSON throws naming the file; the
 * shape is checked by the caller's schema validator.
 */
export function readEditorialFiles(editorialDir: string): { file: string; doc: unknown }[] {
  return fg.sync(EDITORIAL_GLOB, { cwd: editorialDir, absolute: true }).sort().map(readOne);
}

/** Reads one file; a JSON syntax error names the file. */
export function readOne(file: string): { file: string; doc: unknown } {
  try {
    return { file, doc: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch (err) {
    throw new Error(`${file}: invalid JSON: ${(err as Error).message}`);
  }
}

/** The value a `basedOn` pointer names in a file (RFC 6901, no escapes needed for our members), or undefined. */
export function pointerValue(doc: EditorialFile, pointer: string): unknown {
  let at: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Every fact of a file with a citation, as [JSON pointer, source id]. */
export function citedFacts(doc: EditorialFile): [string, string][] {
  const out: [string, string][] = [];
  const each = (base: string, items: readonly { source: string }[]) => {
    items.forEach((x, i) => {
      out.push([`${base}/${i}`, x.source]);
    });
  };
  each('/definingFeatures', doc.definingFeatures);
  each('/genes', doc.genes);
  for (const key of ['inheritance', 'onset', 'mechanism', 'prevalenceNote'] as const) {
    const fact = doc[key];
    if (fact) out.push([`/${key}`, fact.source]);
  }
  each('/diagnosis', doc.diagnosis);
  each('/management/firstLine', doc.management.firstLine);
  each('/management/surveillance', doc.management.surveillance);
  each('/management/avoid', doc.management.avoid);
  each('/errata', doc.errata);
  return out;
}

/** The file name must be the disease's: a file named for another disease is a curator's slip. */
export function fileNameProblem(file: string, doc: EditorialFile): string | null {
  const expected = editorialFileName(doc.mondoId);
  return basename(file) === expected ? null : `${file}: named ${basename(file)}, but its mondoId ${doc.mondoId} wants ${expected}`;
}
