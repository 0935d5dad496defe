/**
 * The other ways people write a Mondo id, and the canonical id each means. Ontology tools and
 * files spell the same class as `mondo:0009061` (lower-case prefix), `MONDO_0009061` (OBO file
 * name / OWL fragment) or the OBO PURL `http://purl.obolibrary.org/obo/MONDO_0009061`; the API
 * answers those with a 308 to the canonical path instead of a 400.
 */

const FORMS = /^(?:(?:https?:\/\/)?purl\.obolibrary\.org\/obo\/|obo:)?mondo[:_](\d{7})$/i;

/** The canonical `MONDO:nnnnnnn` that `raw` spells another way; null when it is canonical already or no Mondo id at all. */
export function canonicalMondoId(raw: string): string | null {
  // Every per-disease request asks: the canonical spelling (nearly all of them) costs no regex.
  if (raw.length === 13 && raw.startsWith('MONDO:')) return null;
  const m = FORMS.exec(raw.trim());
  if (!m) return null;
  const id = `MONDO:${m[1]}`;
  return id === raw ? null : id;
}

/** What the OpenAPI document says about the accepted spellings. */
export const MONDO_ID_FORMS_TEXT =
  'Other spellings of a Mondo id (a lower-case prefix `mondo:0009061`, an underscore `MONDO_0009061`, or the URL-encoded OBO PURL `http%3A%2F%2Fpurl.obolibrary.org%2Fobo%2FMONDO_0009061`) answer 308 with `Location` set to the same path with the canonical id, query kept.';
