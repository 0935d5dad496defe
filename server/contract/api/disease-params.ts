import { TEXT_PARAM } from './annotate.ts';
import { HPO_ID_PATTERN, MONDO_ID_PATTERN } from './base.ts';
import { MONDO_ID_FORMS_TEXT } from './mondo-id-forms.ts';
import { anyOf, bool, limit, offset, params } from './params.ts';
import {
  ASSISTANCE_STATUSES,
  INHERITANCE_TERMS,
  ONSET_CATEGORIES,
  ORPHAN_DRUG_STATUSES,
  PREVALENCE_CATEGORIES,
  SECTION_KEYS,
} from './vocab.ts';

/** The parameters of the disease routes: listing, search, bulk, the record and its sub-resources. */

export const BULK_MAX = 50;
export const PAGE_MAX = 100;
export const PAGE_DEFAULT = 20;
export const SEARCH_SORTS = ['relevance', 'label', 'activeTrialCount', 'updatedAt', 'pagCount'] as const;
/** Sort values of search: `-` prefix for descending; relevance is always best first. */
export const SEARCH_SORT_VALUES = SEARCH_SORTS.flatMap((s) => (s === 'relevance' ? [s] : [s, `-${s}`]));

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
/** `descendantOf=` on the listing and search: only diseases under this one in the is_a hierarchy (itself excluded). */
export const DESCENDANT_OF = {
  type: 'string',
  pattern: MONDO_ID_PATTERN,
  'x-malformed': 'MONDO: followed by 7 digits',
  example: 'MONDO:0019052',
  description:
    'Only diseases below this current Mondo disease in the is_a hierarchy, at any depth (the disease itself is not included), e.g. `MONDO:0019052` (inborn error of metabolism). An id that is not a current disease is a 400.',
} as const;
/** Most paths one `fields=` takes. */
export const FIELDS_MAX = 50;
/** `fields=`: a projection of each record or item to the named members (issue 19). */
const fields = (what: string) =>
  ({
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
  }) as const;
const SECTIONS = {
  type: 'array',
  items: { type: 'string', enum: SECTION_KEYS },
  minItems: 1,
  description:
    "Return only these content sections in the record's `sections`, comma-separated (the rest of the record is unchanged). An unknown name is a 400 listing the allowed names.",
} as const;

export const LISTING_QUERY = params({
  limit: limit('diseases', PAGE_MAX, PAGE_DEFAULT),
  offset: offset('diseases'),
  hasContent: bool('Only diseases that have (or lack) descriptive content beyond the name: a definition, phenotypes or genes.'),
  isRare: bool("Only diseases in (or outside) Mondo's rare disease subset."),
  hasTrials: bool('Only diseases with (or without) matching studies in the ClinicalTrials.gov sample.'),
  inheritance: anyOf(INHERITANCE_TERMS, 'Inheritance terms.'),
  onset: anyOf(ONSET_CATEGORIES, 'Onset categories.'),
  prevalence: anyOf(PREVALENCE_CATEGORIES, 'Prevalence categories.'),
  descendantOf: DESCENDANT_OF,
  fields: fields('each listed disease'),
});

export const SEARCH_QUERY = params({
  q: {
    type: 'string',
    'x-empty': 'absent',
    minLength: 1,
    maxLength: 200,
    example: 'angelman',
    description:
      'Text matched against disease names, synonyms, gene symbols and Mondo identifiers (1-200 characters); a code of another system (`OMIM:219700`, `ORPHA:586`, a bare ICD-10 code such as `E84.0`, any prefix `/xrefs/{curie}` takes) that Mondo maps to diseases finds those diseases, exact matches first; every matching word adds evidence, so a query that matches no name whole still returns its best partial matches. Required unless at least one filter is given; an empty `q` counts as absent.',
  },
  limit: limit('results', PAGE_MAX, PAGE_DEFAULT),
  offset: offset('results'),
  sort: {
    type: 'string',
    enum: SEARCH_SORT_VALUES,
    description:
      'Sort order: `relevance` (best match first; the default when `q` is given), `label` (the default without `q`), `activeTrialCount`, `updatedAt` or `pagCount`; prefix `-` for descending, ascending otherwise.',
  },
  highlight: {
    type: 'boolean',
    default: false,
    description: 'Add `highlight` to each result: the matched text with `<mark>` around the matched spans.',
  },
  facets: {
    type: 'boolean',
    default: false,
    description: 'Add `facets`: counts per vocabulary value, rarity and trial status over the whole filtered result set.',
  },
  hasActiveTrials: bool('Only diseases with (true) or without (false) an active matching study in the trial sample.'),
  minTrialCount: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    description: 'Only diseases with at least this many matching studies in the trial sample.',
  },
  hasExpertContent: bool('Only diseases whose definition is (or is not) expert-curated text from Mondo or Orphanet.'),
  inheritancePattern: anyOf(INHERITANCE_TERMS, 'Inheritance terms.'),
  onsetCategory: anyOf(ONSET_CATEGORIES, 'Onset categories.'),
  prevalence: anyOf(PREVALENCE_CATEGORIES, 'Prevalence categories.'),
  gene: {
    type: 'array',
    minItems: 1,
    maxItems: 20,
    example: ['UBE3A'],
    items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9@._/-]{0,29}$', 'x-malformed': 'an HGNC gene symbol' },
    description: 'HGNC gene symbols, case-insensitive, comma-separated (at most 20); a disease matches when it has any of them.',
  },
  descendantOf: DESCENDANT_OF,
  fields: fields('each result'),
});
/** The search parameters that filter (a search needs `q` or at least one of these). */
export const SEARCH_FILTERS = [
  'hasActiveTrials',
  'minTrialCount',
  'hasExpertContent',
  'inheritancePattern',
  'onsetCategory',
  'prevalence',
  'gene',
  'descendantOf',
] as const;

export const BULK_QUERY = params(
  {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_MAX,
      uniqueItems: true,
      example: ['MONDO:0007739', 'MONDO:0009061'],
      items: { type: 'string', minLength: 1, maxLength: 64 },
      description: `1 to ${BULK_MAX} Mondo ids, comma-separated. More than ${BULK_MAX}, a duplicate or an empty list is a 400 saying which; a malformed id is reported per item (\`status: malformed\`), not as a 400.`,
    },
    sections: SECTIONS,
    fields: fields('each found record (`data` of the item)'),
  },
  ['ids'],
);

export const RECORD_QUERY = params({ sections: SECTIONS, fields: fields('the record (`data`)') });
export const PAGS_QUERY = params({ limit: limit('groups', PAGE_MAX, PAGE_DEFAULT), offset: offset('groups') });
export const ASSISTANCE_QUERY = params({ status: anyOf(ASSISTANCE_STATUSES, 'Only programs with one of these statuses.') });
export const ORPHAN_DRUGS_QUERY = params({
  status: anyOf(
    ORPHAN_DRUG_STATUSES,
    'Only designations with one of these statuses (comma-separated), e.g. `approved,designated` for the designations in force.',
  ),
});
export const SECTION_PATH = params(
  {
    mondoId: MONDO_ID,
    section: {
      type: 'string',
      enum: SECTION_KEYS,
      example: 'genetics',
      description: 'Name of one content section. An unknown name is a 400 listing the allowed names.',
    },
  },
  ['mondoId', 'section'],
);

/** At most this many terms in each of `phenotypes` and `excluded` of /diseases/match. */
export const MATCH_TERMS_MAX = 100;
const HPO_TERMS = (what: string, example: readonly string[]) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: MATCH_TERMS_MAX,
    example,
    items: { type: 'string', pattern: HPO_ID_PATTERN, 'x-malformed': 'HP: followed by 7 digits (e.g. HP:0001250)' },
    description: `${what} HPO term ids, comma-separated (at most ${MATCH_TERMS_MAX}; a repeated id counts once). A malformed id is a 400 naming it; an alternative or obsolete id counts as its current term and an id the HPO release does not hold is left out, both reported in \`meta\`.`,
  }) as const;

export const MATCH_QUERY = params(
  {
    phenotypes: HPO_TERMS("The patient's observed phenotypes:", ['HP:0001250', 'HP:0001252', 'HP:0004322']),
    text: {
      ...TEXT_PARAM,
      description: `${TEXT_PARAM.description} The patient's terms in it are added to \`phenotypes\` (affirmed) and \`excluded\` (only negated: "no hearing loss"); uncertain ones and those about relatives are left out. \`meta.text\` lists every term read, so a user can correct the reading and send ids. Give \`phenotypes\`, \`text\` or both.`,
    },
    excluded: HPO_TERMS('Phenotypes the patient is known not to have:', ['HP:0000365']),
    limit: limit('diseases', PAGE_MAX, PAGE_DEFAULT),
    offset: offset('diseases'),
    isRare: bool("Only diseases in (or outside) Mondo's rare disease subset."),
    inheritance: anyOf(INHERITANCE_TERMS, 'Inheritance terms.'),
    onset: anyOf(ONSET_CATEGORIES, 'Onset categories.'),
    gene: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      example: ['SCN1A'],
      items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9@._/-]{0,29}$', 'x-malformed': 'an HGNC gene symbol' },
      description: 'HGNC gene symbols, case-insensitive, comma-separated (at most 20); a disease matches when it has any of them.',
    },
  },
  [],
);
