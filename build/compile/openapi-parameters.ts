/**
 * Reusable parameters of the OpenAPI document (components.parameters). Vocabulary values are
 * referenced from the component schemas, never repeated, so the enums have one source.
 */

type Schema = Record<string, unknown>;

const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const MONDO_PATTERN = '^MONDO:\\d{7}$';

function query(name: string, description: string, schema: Schema, extra: Schema = {}): Schema {
  return { name, in: 'query', required: false, description, schema, ...extra };
}

/** A comma-separated list: `?sections=overview,genetics`. */
function list(name: string, description: string, items: Schema, extra: Schema = {}): Schema {
  return query(name, `${description} Comma-separated.`, { type: 'array', minItems: 1, uniqueItems: true, items }, { style: 'form', explode: false, ...extra });
}

/** A filter list: OR within the list, AND with the other filters. */
const anyOf = (name: string, description: string, items: Schema, extra: Schema = {}): Schema =>
  list(name, `${description} A disease matches when it has any of the values.`, items, extra);

const bool = (name: string, description: string): Schema => query(name, `${description} \`true\` or \`false\`.`, { type: 'boolean' });

const limit = (what: string): Schema =>
  query('limit', `Number of ${what} per page.`, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
const offset = (what: string): Schema =>
  query('offset', `Number of ${what} to skip (zero-based position of the first one returned).`, { type: 'integer', minimum: 0, default: 0 });

/** Sort options of search; `-` prefix for descending. Relevance is always best first. */
export const SORT_VALUES = ['relevance', 'label', '-label', 'activeTrialCount', '-activeTrialCount', 'updatedAt', '-updatedAt', 'pagCount', '-pagCount'];

/** Every parameter, keyed by its component name. */
export const PARAMETERS: Record<string, Schema> = {
  MondoId: {
    name: 'mondoId', in: 'path', required: true,
    description: 'Mondo disease id: `MONDO:` followed by 7 digits. Anything else is a 400 (`malformed`); a well-formed id that was never a Mondo class is a 404; an obsolete id is a 301 to its replacement or a 410.',
    schema: { type: 'string', pattern: MONDO_PATTERN }, example: 'MONDO:0007739',
  },
  Section: {
    name: 'section', in: 'path', required: true,
    description: 'Name of one content section. An unknown name is a 400 listing the allowed names.',
    schema: schemaRef('SectionKey'), example: 'genetics',
  },
  SpecFormat: {
    name: 'format', in: 'query', required: false,
    description: 'Representation of the document: `json` (default) or `yaml`. Without it, `Accept: application/yaml` (or `text/yaml`) selects YAML; an Accept header that allows neither JSON nor YAML gets 406.',
    schema: { type: 'string', enum: ['json', 'yaml'] },
  },
  IfNoneMatch: {
    name: 'If-None-Match', in: 'header', required: false,
    description: 'ETags of representations the client holds (a list, or `*`); weak comparison. A match gives 304 Not Modified with no body.',
    schema: { type: 'string' }, example: 'W/"3f2a9c0d1b7e4a6f"',
  },
  ListLimit: limit('diseases'),
  ListOffset: offset('diseases'),
  HasContent: bool('hasContent', 'Only diseases that have (or lack) descriptive content beyond the name: a definition, phenotypes or genes.'),
  IsRare: bool('isRare', "Only diseases in (or outside) Mondo's rare disease subset."),
  HasTrials: bool('hasTrials', 'Only diseases with (or without) matching studies in the ClinicalTrials.gov sample.'),
  Inheritance: anyOf('inheritance', 'Inheritance terms.', schemaRef('InheritanceTerm')),
  Onset: anyOf('onset', 'Onset categories.', schemaRef('OnsetCategory')),
  Prevalence: anyOf('prevalence', 'Prevalence categories.', schemaRef('PrevalenceCategory')),
  Q: query('q', 'Text matched against disease names, synonyms and gene symbols (exact, prefix, all words, then typo-tolerant). Required unless at least one filter is given.', { type: 'string', minLength: 1, maxLength: 200 }, { example: 'angelman' }),
  SearchLimit: limit('results'),
  SearchOffset: offset('results'),
  Highlight: query('highlight', 'Add `highlight` to each result: the matched text with `<mark>` around the matched spans.', { type: 'boolean', default: false }),
  Facets: query('facets', 'Add `facets`: counts per vocabulary value, rarity and trial status over the whole filtered result set.', { type: 'boolean', default: false }),
  HasActiveTrials: bool('hasActiveTrials', 'Only diseases with (true) or without (false) an active matching study in the trial sample.'),
  MinTrialCount: query('minTrialCount', 'Only diseases with at least this many matching studies in the trial sample.', { type: 'integer', minimum: 0 }),
  HasExpertContent: bool('hasExpertContent', 'Only diseases whose definition is (or is not) expert-curated text from Mondo or Orphanet.'),
  InheritancePattern: anyOf('inheritancePattern', 'Inheritance terms.', schemaRef('InheritanceTerm')),
  OnsetCategory: anyOf('onsetCategory', 'Onset categories.', schemaRef('OnsetCategory')),
  SearchPrevalence: anyOf('prevalence', 'Prevalence categories.', schemaRef('PrevalenceCategory')),
  Gene: anyOf('gene', 'HGNC gene symbols, case-insensitive.', { type: 'string', minLength: 1 }, { example: ['UBE3A'] }),
  Sort: query('sort', 'Sort order: `relevance` (best match first; the default when `q` is given), `label` (the default without `q`), `activeTrialCount`, `updatedAt` or `pagCount`; prefix `-` for descending, ascending otherwise.', { type: 'string', enum: SORT_VALUES }),
  BulkIds: {
    name: 'ids', in: 'query', required: true, style: 'form', explode: false,
    description: '1 to 50 Mondo ids, comma-separated. More than 50, a duplicate or an empty list is a 400 saying which; a malformed id is reported per item (`status: malformed`), not as a 400.',
    schema: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: { type: 'string' } },
    example: ['MONDO:0007739', 'MONDO:0009061'],
  },
  RecordSections: list('sections', "Return only these content sections in the record's `sections` (the rest of the record is unchanged). An unknown name is a 400 listing the allowed names.", schemaRef('SectionKey')),
  PagLimit: limit('groups'),
  PagOffset: offset('groups'),
  AssistanceStatus: list('status', 'Only programs with one of these statuses.', schemaRef('AssistanceStatus')),
};

/** A `$ref` to a parameter of PARAMETERS. */
export function parameterRef(name: keyof typeof PARAMETERS): Schema {
  if (!(name in PARAMETERS)) throw new Error(`no parameter ${String(name)}`);
  return { $ref: `#/components/parameters/${String(name)}` };
}
