import { API_BASE, HPO_ID_PATTERN } from './base.ts';
import { NO_PARAMS, PAGE_DEFAULT, PAGE_MAX } from './disease-params.ts';
import { limit, offset, params } from './params.ts';
import type { RouteDef } from './route-def.ts';

/** The HPO lookup routes: find terms by typed words, and one term with its neighbours and diseases. */

export const PHENOTYPE_SEARCH_QUERY = params(
  {
    q: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      example: 'seizures',
      description:
        'Words matched against HPO term labels and synonyms (1-200 characters): every word must meet a word of the text exactly, as a prefix (3+ characters) or with a typo (1 edit for 4-7 characters, 2 from 8); plurals and British spellings count as the same word.',
    },
    limit: limit('terms', PAGE_MAX, PAGE_DEFAULT),
    offset: offset('terms'),
  },
  ['q'],
);

export const PHENOTYPE_PATH = params(
  {
    hpoId: {
      type: 'string',
      pattern: HPO_ID_PATTERN,
      'x-malformed': 'HP: followed by 7 digits (e.g. HP:0001250)',
      example: 'HP:0001250',
      description:
        'HPO term id. An alternative or obsolete id with a single replacement answers with the current term (`meta.requested` says so); an id the HPO release does not hold, or an obsolete one without replacement, is a 404.',
    },
  },
  ['hpoId'],
);

export const PHENOTYPE_TERM_QUERY = params({ limit: limit('diseases', PAGE_MAX, PAGE_DEFAULT), offset: offset('diseases') });

export const PHENOTYPE_ROUTES = {
  searchPhenotypes: {
    path: `${API_BASE}/phenotypes`,
    tag: 'Phenotypes',
    scope: 'read',
    link: true,
    query: PHENOTYPE_SEARCH_QUERY,
    pathParams: NO_PARAMS,
    summary: 'Find HPO terms by label or synonym',
    description:
      'HPO terms whose label or a synonym matches `q`, best first (the whole text, then more of it, labels before synonyms; ties to the term more diseases carry): for a user interface that turns typed words into ids for `/diseases/match`. No match is a 200 with an empty `data`. Added in v1.4.0.',
    ok: { description: 'One page of matching terms.', schema: 'PhenotypeSearchResponse' },
  },
  getPhenotype: {
    path: `${API_BASE}/phenotypes/{hpoId}`,
    tag: 'Phenotypes',
    scope: 'read',
    link: true,
    query: PHENOTYPE_TERM_QUERY,
    pathParams: PHENOTYPE_PATH,
    notFound: 'an id the HPO release does not hold, or an obsolete one with no single replacement.',
    summary: 'One HPO term: parents, children and the diseases annotated with it',
    description:
      'The term with its synonyms, information content, parents and children, and one page of the diseases annotated with it or a more specific term, the most frequent first (each with the annotation and its frequency). Added in v1.4.0.',
    ok: { description: 'The term and one page of its diseases.', schema: 'PhenotypeTermResponse' },
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
