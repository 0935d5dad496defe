/**
 * Free text to HPO terms as the API states it: the limits of a text and the body of the POST form.
 * The server enforces them; the build writes them into the OpenAPI document.
 */

export const ANNOTATE_LIMITS = {
  /** Longest `text` query parameter, in characters (UTF-16 code units, as JavaScript and JSON count them). */
  queryCharacters: 6000,
  /** Largest POST body, in bytes. */
  bodyBytes: 100_000,
} as const;

/** The `text` parameter of GET /phenotypes/annotate and /diseases/match. */
export const TEXT_PARAM = {
  type: 'string',
  minLength: 1,
  example: 'Global developmental delay and hypotonia from birth; seizures since 6 months. No hearing loss. His mother has migraine.',
  description: `Free text in English (1-${ANNOTATE_LIMITS.queryCharacters.toLocaleString('en-US')} characters; a longer one is a 413: POST it to \`/phenotypes/annotate\`). HPO terms are recognised in it by their labels and synonyms.`,
} as const;

/** Body of POST /phenotypes/annotate. */
export const ANNOTATE_BODY = {
  title: 'AnnotateRequest',
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  description: `A text to annotate: the body may be up to ${ANNOTATE_LIMITS.bodyBytes.toLocaleString('en-US')} bytes (a longer one is a 413).`,
  properties: {
    text: { type: 'string', minLength: 1, description: 'Free text in English: a clinical note, a case report, an article.' },
  },
} as const;

/** The values of the body once validated. */
export interface AnnotateInput {
  text: string;
}
