/**
 * How a code from another system is written in a request, and what it means: the prefix
 * spellings people use (case-insensitive) for the prefixes Mondo's SSSOM files write, the shape of
 * the local id for the systems whose ids have one, and bare ICD-10 codes in search. One home for
 * these facts: the xrefs routes, search by code and the OpenAPI text derive from them.
 */

/** Spelling (upper-cased) -> the prefix as Mondo's mapping files write it. Prefixes not listed are matched case-insensitively as the data writes them. */
export const XREF_PREFIX_ALIASES: Readonly<Record<string, string>> = {
  OMIM: 'OMIM',
  MIM: 'OMIM',
  OMIMPS: 'OMIMPS',
  ORPHA: 'Orphanet',
  ORPHANET: 'Orphanet',
  ORDO: 'Orphanet',
  ICD10CM: 'ICD10CM',
  'ICD-10-CM': 'ICD10CM',
  ICD10: 'ICD10WHO',
  'ICD-10': 'ICD10WHO',
  ICD10WHO: 'ICD10WHO',
  ICD11: 'icd11.foundation',
  'ICD-11': 'icd11.foundation',
  'ICD11.FOUNDATION': 'icd11.foundation',
  MESH: 'mesh',
  MSH: 'mesh',
  UMLS: 'UMLS',
  UMLS_CUI: 'UMLS',
  GARD: 'GARD',
  DOID: 'DOID',
  NCIT: 'NCIT',
  NCI: 'NCIT',
  MEDGEN: 'MEDGEN',
  SNOMEDCT: 'SCTID',
  SNOMEDCT_US: 'SCTID',
  SNOMED: 'SCTID',
  SCTID: 'SCTID',
  EFO: 'EFO',
  MEDDRA: 'MedDRA',
};

/** Local-id shapes (upper-cased input) of the systems that have one; a code of another shape is malformed. */
export const XREF_LOCAL_PATTERNS: Readonly<Record<string, RegExp>> = {
  OMIM: /^\d{6}$/,
  OMIMPS: /^\d{6}$/,
  Orphanet: /^\d{1,7}$/,
  // A block is a range (`A00-A09`).
  ICD10CM: /^[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?(?:-[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?)?$/,
  ICD10WHO: /^[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?(?:-[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?)?$/,
  mesh: /^[CD]\d{6,9}$/,
  UMLS: /^C\d{7}$/,
  GARD: /^\d{1,7}$/,
  DOID: /^\d{1,7}$/,
  NCIT: /^C?\d{1,7}$/,
  MEDGEN: /^[CN]?\d{1,8}$/,
  SCTID: /^\d{6,18}$/,
  EFO: /^\d{7}$/,
};

/** A bare ICD-10 code (`E84.0`, `E84`) as a search query: looked up as ICD-10-CM, then ICD-10 (WHO). */
export const BARE_ICD10 = /^[A-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?$/i;

/** The prefixes and examples the documentation names. */
export const XREF_EXAMPLES = ['OMIM:219700', 'ORPHA:586', 'ICD10CM:E84.0', 'MESH:D003550', 'GARD:6233', 'UMLS:C0010674'] as const;

/** A code as parsed from a request: the data's prefix, the upper-cased local id, or why it cannot be one. */
export type ParsedCode =
  | { ok: true; prefix: string; local: string }
  | { ok: false; reason: 'malformed' | 'unknown-prefix'; detail: string };

/**
 * Parse `prefix:local` (case-insensitive prefix, any usual spelling); `knownPrefix` maps an
 * upper-cased prefix to the data's spelling for prefixes the aliases do not list. GARD ids are
 * zero-padded to the 7 digits GARD writes.
 */
export function parseCode(raw: string, knownPrefix: (upper: string) => string | undefined): ParsedCode {
  const text = raw.trim();
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1)
    return { ok: false, reason: 'malformed', detail: 'a code is prefix:id, e.g. OMIM:219700 or ORPHA:586' };
  const upper = text.slice(0, colon).toUpperCase();
  const prefix = XREF_PREFIX_ALIASES[upper] ?? knownPrefix(upper);
  if (prefix === undefined) return { ok: false, reason: 'unknown-prefix', detail: `no mappings use the prefix ${text.slice(0, colon)}` };
  let local = text.slice(colon + 1).toUpperCase();
  const shape = XREF_LOCAL_PATTERNS[prefix];
  if (shape && !shape.test(local)) return { ok: false, reason: 'malformed', detail: `${text} is not a well-formed ${prefix} id` };
  if (prefix === 'GARD') local = local.padStart(7, '0');
  return { ok: true, prefix, local };
}

/** The lookup key of a code: the data's prefix upper-cased and the upper-cased local id. */
export function codeKey(prefix: string, local: string): string {
  return `${prefix.toUpperCase()}:${local.toUpperCase()}`;
}
