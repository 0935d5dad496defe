import { MONDO_ID_PATTERN } from '../contract/api/base.ts';
import { PAGE_DEFAULT, PAGE_MAX } from '../contract/api/limits.ts';
import { MONDO_ID_FORMS_TEXT } from '../contract/api/mondo-id-forms.ts';
import { LATEST_RELEASE, RELEASE_ID_PATTERN } from '../contract/api/releases.ts';
import { SECTION_KEYS } from '../contract/api/vocab.ts';
import { limit, offset, params } from '../http/param-schemas.ts';

/** Parameter schemas that several route modules take: a disease in the path, a page, a projection. */

/** The empty parameter set of a route that takes none. */
export const NO_PARAMS = params({});

export const MONDO_ID = {
  type: 'string',
  pattern: MONDO_ID_PATTERN,
  'x-malformed': 'MONDO: followed by 7 digits (e.g. MONDO:0007739)',
  example: 'MONDO:0007739',
  description: `Mondo disease id: \`MONDO:\` followed by 7 digits. ${MONDO_ID_FORMS_TEXT} Anything else is a 400 (\`malformed\`); a well-formed id that was never a Mondo class is a 404; an obsolete id is a 301 to its replacement or a 410.`,
} as const;
export const DISEASE_PATH = params({ mondoId: MONDO_ID }, ['mondoId']);

/** What every per-disease route shares: `{mondoId}`, resolved to a current disease before the handler runs, and the read scope. */
export const PER_DISEASE = { resolvesDisease: true, pathParams: DISEASE_PATH, scope: 'read' } as const;

/** `limit` and `offset` of a collection of `what`. */
export function pageParams(what: string) {
  return { limit: limit(what, PAGE_MAX, PAGE_DEFAULT), offset: offset(what) };
}

/** Most paths one `fields=` takes. */
export const FIELDS_MAX = 50;

/** `fields=`: a projection of each record or item to the named members. */
export function fields(what: string) {
  return {
    type: 'array',
    minItems: 1,
    maxItems: FIELDS_MAX,
    example: ['id', 'name'],
    items: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9-]{0,63}(?:\\.[A-Za-z][A-Za-z0-9-]{0,63}){0,4}$',
      'x-malformed': 'a member name or a dotted path (e.g. sections.overview)',
    },
    description: `Return only these members of ${what}, comma-separated (at most ${FIELDS_MAX}); a dotted path reaches into an object, and through arrays (\`phenotypes.hpoId\` keeps \`hpoId\` of every phenotype), e.g. \`fields=id,name,sections.overview\`. Members keep their order in the full answer. An unknown member is a 400 listing the members allowed there. A projected answer has its own ETag.`,
  } as const;
}

/** `sections=`: the content sections a record keeps. */
export const SECTIONS = {
  type: 'array',
  items: { type: 'string', enum: SECTION_KEYS },
  minItems: 1,
  description:
    "Return only these content sections in the record's `sections`, comma-separated (the rest of the record is unchanged). An unknown name is a 400 listing the allowed names.",
} as const;

/** `{releaseId}`: a release, or `latest`. */
export const RELEASE_PATH = params(
  {
    releaseId: {
      type: 'string',
      pattern: `^(?:${RELEASE_ID_PATTERN.slice(1, -1)}|${LATEST_RELEASE})$`,
      'x-malformed': `r followed by the release number (e.g. r12), or ${LATEST_RELEASE}`,
      example: 'r1',
      description: `A release id: \`r\` followed by the release number (\`r1\` is the first release), or \`${LATEST_RELEASE}\` for the newest. Anything else is a 400 (\`malformed\`); a release never published, or older than the history kept, is a 404.`,
    },
  },
  ['releaseId'],
);
