import { BULK_MAX, PAGE_DEFAULT, PAGE_MAX } from './disease-params.ts';
import { limit, offset, params } from './params.ts';
import { XREF_EXAMPLES } from './xref-codes.ts';

/** The parameters of the lookup routes: cross-references, the hierarchy and genes. */

export const XREF_BATCH_MAX = BULK_MAX;

const CODE_TEXT = `A code of another system as \`prefix:id\`; the prefix is case-insensitive and takes the usual spellings: OMIM (MIM), ORPHA (Orphanet, ORDO), ICD10CM, ICD10 (ICD10WHO, WHO), ICD11, MESH, UMLS, GARD, DOID, NCIT, MEDGEN, SNOMEDCT (SCTID), EFO, MEDDRA and every other prefix Mondo's mappings use. E.g. ${XREF_EXAMPLES.map((e) => `\`${e}\``).join(', ')}.`;

export const XREF_PATH = params(
  {
    curie: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9._-]{0,31}:\\S{1,64}$',
      'x-malformed': 'prefix:id, e.g. OMIM:219700',
      example: 'OMIM:219700',
      description: `${CODE_TEXT} A prefix no mapping uses, or an id not of its system's shape (an OMIM id is 6 digits), is a 400; a well-formed code no mapping names is a 404.`,
    },
  },
  ['curie'],
);

export const XREF_BATCH_QUERY = params(
  {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: XREF_BATCH_MAX,
      uniqueItems: true,
      example: ['OMIM:219700', 'ORPHA:586'],
      items: { type: 'string', minLength: 1, maxLength: 100 },
      description: `1 to ${XREF_BATCH_MAX} codes, comma-separated (see \`/xrefs/{curie}\`). More than ${XREF_BATCH_MAX}, a duplicate or an empty list is a 400; a malformed or unknown code is reported per item, not as a 400.`,
    },
  },
  ['ids'],
);

export const HIERARCHY_QUERY = params({ limit: limit('diseases', PAGE_MAX, PAGE_DEFAULT), offset: offset('diseases') });

export const GENE_PATH = params(
  {
    gene: {
      type: 'string',
      pattern: '^(?:HGNC:\\d{1,6}|[A-Za-z0-9][A-Za-z0-9@._/-]{0,29})$',
      'x-malformed': 'an HGNC symbol or HGNC:<number>',
      example: 'CFTR',
      description:
        'An approved HGNC symbol (case-insensitive) or an HGNC id (`HGNC:1884`). A previous symbol or an alias that names exactly one approved gene, or a symbol in another case, answers 308 to the current symbol; a symbol that names no gene, or several, is a 404.',
    },
  },
  ['gene'],
);
