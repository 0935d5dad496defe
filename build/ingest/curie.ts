import { IngestError } from './source-types.ts';

export const MONDO_ID = /^MONDO:\d{7}$/;
export const HP_ID = /^HP:\d{7}$/;
export const HGNC_ID = /^HGNC:\d+$/;
/** Any prefixed id such as `OMIM:219700`, `ORPHA:586` or `DECIPHER:1`. */
export const CURIE = /^[A-Za-z][A-Za-z0-9_.-]*:\S+$/;

const OBO_PURL = 'http://purl.obolibrary.org/obo/';
const HGNC_IRI = 'http://identifiers.org/hgnc/';

/**
 * Throws an IngestError naming the line and the value unless `value` matches `pattern`.
 * `kind` names the id in the message, e.g. 'Mondo' gives `malformed Mondo id "MONDO:12x"`.
 */
export function checkId(file: string, line: number, kind: string, pattern: RegExp, value: string): string {
  if (!pattern.test(value)) throw new IngestError(file, `line ${line}`, `malformed ${kind} id "${value}"`);
  return value;
}

/** {@link checkId} for Mondo ids. */
export function checkMondoId(file: string, line: number, value: string): string {
  return checkId(file, line, 'Mondo', MONDO_ID, value);
}

/**
 * Shortens the IRIs the Mondo and HPO files use to CURIEs: OBO PURLs
 * (`http://purl.obolibrary.org/obo/MONDO_0000208` -> `MONDO:0000208`) and identifiers.org HGNC
 * (`http://identifiers.org/hgnc/28403` -> `HGNC:28403`). Returns null for any other IRI.
 */
export function iriToCurie(iri: string): string | null {
  if (iri.startsWith(OBO_PURL)) {
    const local = iri.slice(OBO_PURL.length);
    const cut = local.indexOf('_');
    if (cut <= 0 || cut === local.length - 1 || local.includes('/')) return null;
    return `${local.slice(0, cut)}:${local.slice(cut + 1)}`;
  }
  if (iri.startsWith(HGNC_IRI)) {
    const local = iri.slice(HGNC_IRI.length);
    return /^\d+$/.test(local) ? `HGNC:${local}` : null;
  }
  return null;
}

/** The `YYYY-MM-DD` in an OBO release IRI (`.../hp/releases/2023-01-27/hp.json`), else the text unchanged. */
export function releaseDate(version: string): string {
  const match = /\/releases\/(\d{4}-\d{2}-\d{2})\//.exec(version);
  return match ? match[1] : version;
}
