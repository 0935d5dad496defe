import { ANNOTATE_BODY, ANNOTATE_LIMITS, TEXT_PARAM } from './annotate.ts';
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

export const ANNOTATE_QUERY = params({ text: TEXT_PARAM }, ['text']);

const ANNOTATE_DESCRIPTION = `HPO terms (under Phenotypic abnormality) named in a text, one item per mention, in text order: where (\`start\`, \`end\`: 0-based UTF-16 offsets, end exclusive), the words, the term, and what the sentence says of it: \`negated\` ("no seizures", "ataxia was not observed"), \`uncertain\` ("possible seizures", "may have"), \`experiencer\` \`family\` for a relative ("his mother had seizures"). Terms are recognised by the labels and synonyms of the HPO release the snapshot serves, whatever the word order, inflection, British or American spelling and adjective or noun form ("hypoplastic radius" is Hypoplasia of the radius); the longest match wins, and overlapping mentions are kept ("cleft lip and palate" is Cleft lip and Cleft palate). Short forms count when the text defines them ("medullary thyroid carcinoma (MTC)") or, for HPO's own (ASD, VSD), when other findings of the same organ system support one meaning. A text without terms is a 200 with an empty \`data\`. Added in v1.5.0.`;

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
  annotatePhenotypes: {
    path: `${API_BASE}/phenotypes/annotate`,
    tag: 'Phenotypes',
    scope: 'read',
    query: ANNOTATE_QUERY,
    pathParams: NO_PARAMS,
    problems: ['content-too-large'],
    summary: 'Find HPO terms in free text',
    description: `${ANNOTATE_DESCRIPTION} Texts over ${ANNOTATE_LIMITS.queryCharacters.toLocaleString('en-US')} characters go in the POST form.`,
    ok: { description: 'The mentions found.', schema: 'AnnotateResponse' },
  },
  annotatePhenotypesPost: {
    method: 'POST',
    path: `${API_BASE}/phenotypes/annotate`,
    tag: 'Phenotypes',
    scope: 'read',
    etag: false,
    query: NO_PARAMS,
    pathParams: NO_PARAMS,
    body: ANNOTATE_BODY,
    problems: ['unsupported-media-type', 'content-too-large'],
    summary: 'Find HPO terms in a long text',
    description: `The same as the GET form for a text in a JSON body (\`{"text": ...}\`, \`Content-Type: application/json\`, at most ${ANNOTATE_LIMITS.bodyBytes.toLocaleString('en-US')} bytes). Why a body on a reading endpoint: a case report or an article does not fit in a URL (servers and proxies cut request lines at 8 KB or less, and a URL is logged and cached, which a clinical text should not be); POST changes nothing, and the same text gives the same answer. ${ANNOTATE_DESCRIPTION}`,
    ok: { description: 'The mentions found.', schema: 'AnnotateResponse' },
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
