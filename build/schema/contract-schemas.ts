import { CHANGE_KINDS, RELEASE_ID_PATTERN } from '../../server/contract/api/releases.ts';
import { AUTH_FAILURES, INVALID_PARAM_REASONS, PROBLEM_BASE, PROBLEMS } from '../../server/contract/api/problems.ts';
import { WINDOW_NAMES } from '../../server/contract/api/quotas.ts';
import { SCOPES, TIERS } from '../../server/contract/api/tiers.ts';
import { ANNOTATE_BODY } from '../../server/contract/api/annotate.ts';
import { CREATE_ENDPOINT_BODY, DELIVERY_STATUSES, EVENT_TYPES, UPDATE_ENDPOINT_BODY } from '../../server/contract/api/webhooks.ts';
import {
  ASSISTANCE_STATUSES,
  GARD_PATHS,
  INHERITANCE_LABELS,
  INHERITANCE_TERMS,
  ONSET_CATEGORIES,
  ONSET_LABELS,
  ORPHAN_DRUG_STATUSES,
  PREVALENCE_CATEGORIES,
  SECTION_KEYS,
} from '../../server/contract/api/vocab.ts';
import type { SchemaMap, SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';

/**
 * The components whose values live in server/contract/ (the code's one home for them): the
 * record and problem schemas in content/schemas refer to these by `$ref`, and no schema file may
 * define them again.
 */

const labelled = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([v, l]) => `\`${v}\` (${l})`)
    .join(', ');

const enumOf = (title: string, description: string, values: readonly string[]): SchemaObject => ({
  title,
  description,
  type: 'string',
  enum: [...values],
});

/** A count per vocabulary value, every value present (facets). */
const countsOf = (title: string, what: string, values: readonly string[]): SchemaObject => ({
  title,
  description: `Diseases per ${what}: every value, zeros included, in vocabulary order.`,
  type: 'object',
  additionalProperties: false,
  required: [...values],
  properties: Object.fromEntries(values.map((v) => [v, { type: 'integer', minimum: 0 }])),
});

/** The record's sections: one member per section key, whose `key` equals the member name. */
const sections = (): SchemaObject => ({
  title: 'Sections',
  description:
    "Content sections keyed by section name; each section's `key` equals its property name. The full record has every section; with `?sections=` (record or bulk) only the requested ones are present.",
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: Object.fromEntries(
    SECTION_KEYS.map((k) => [
      k,
      {
        allOf: [{ $ref: '#/components/schemas/Section' }, { type: 'object', properties: { key: { type: 'string', enum: [k] } } }],
      },
    ]),
  ),
});

/** A contract schema as a component: annotations only the server reads (`x-malformed`) left out. */
const component = (schema: object): SchemaObject => JSON.parse(JSON.stringify(schema, (k, v) => (k === 'x-malformed' ? undefined : v)));

/** The vocabularies of the records and of the filters. */
function vocabularies(): SchemaObject[] {
  return [
    enumOf(
      'InheritanceTerm',
      `Mode of inheritance, normalized from HPO mode-of-inheritance terms (through their nearest anchor ancestor) and Orphanet inheritance strings. Used by the \`inheritance\` filter (also named \`inheritancePattern\`). Values: ${labelled(INHERITANCE_LABELS)}.`,
      INHERITANCE_TERMS,
    ),
    enumOf(
      'OnsetCategory',
      `Age-of-onset category, normalized from HPO onset terms and Orphanet average age of onset. Used by the \`onset\` filter (also named \`onsetCategory\`). Values: ${labelled(ONSET_LABELS)}.`,
      ONSET_CATEGORIES,
    ),
    enumOf(
      'PrevalenceCategory',
      'Prevalence category derived from Orphanet prevalence classes: common >1/1,000; uncommon 6-9/10,000; rare 1-5/10,000; very-rare 1-9/100,000; ultra-rare below 1/100,000; unknown when Orphanet gives no class. Used by the `prevalence` filter.',
      PREVALENCE_CATEGORIES,
    ),
    enumOf(
      'SectionKey',
      'Name of one content section of a disease record: the allowed values of the `{section}` path parameter and of the `sections` query parameter.',
      SECTION_KEYS,
    ),
    enumOf(
      'AssistanceStatus',
      'Enrollment status of a patient assistance program; the allowed values of the `status` filter of /assistance.',
      ASSISTANCE_STATUSES,
    ),
    enumOf(
      'OrphanDrugStatus',
      "Normalized status of an FDA orphan designation, from the FDA's wording, in list order: `approved` (designated and approved for marketing for the orphan indication, designation in force), `designated` (in force, not approved), `withdrawn` (the designation was withdrawn or revoked, whether or not it had been approved). The allowed values of the `status` filter of /orphan-drugs.",
      ORPHAN_DRUG_STATUSES,
    ),
    enumOf(
      'GardPath',
      "How a GARD disease was joined to the Mondo class: Mondo's own GARD cross-reference (`mondo-xref`), or GARD's exact cross-reference to an OMIM (`gard-omim-exact`) or Orphanet (`gard-orphanet-exact`) code that Mondo maps exactly to this class.",
      GARD_PATHS,
    ),
  ];
}

/** The terms of errors, keys, tiers and quotas. */
function apiTerms(): SchemaObject[] {
  return [
    enumOf(
      'ProblemType',
      `The \`type\` of a problem: ${PROBLEM_BASE}<kind>, one URI per kind of error; it never changes.`,
      Object.keys(PROBLEMS).map((k) => PROBLEM_BASE + k),
    ),
    enumOf('InvalidParamReason', 'Why a parameter was rejected.', INVALID_PARAM_REASONS),
    enumOf(
      'AuthFailureReason',
      'unauthorized (401): no Bearer credentials (`missing`), a key that is not `svc_live_`/`svc_test_` + 38 base62 characters (`malformed`), a wrong checksum (`checksum`), or an unknown or revoked key.',
      AUTH_FAILURES,
    ),
    enumOf(
      'Scope',
      'A permission an API key carries: `read` the per-disease endpoints and the release history, `search` the listing and search, `bulk` the bulk endpoint, `webhooks` the webhook subscriptions.',
      SCOPES,
    ),
    enumOf('Tier', 'A subscription tier.', TIERS),
    enumOf(
      'QuotaWindow',
      'A UTC calendar window a quota is counted in: the day resets at 00:00 UTC, the month at 00:00 UTC on the 1st.',
      WINDOW_NAMES,
    ),
  ];
}

/** Counts per vocabulary value (facets) and the sections object. */
function countsAndSections(): SchemaObject[] {
  return [
    countsOf('InheritanceCounts', 'inheritance term', INHERITANCE_TERMS),
    countsOf('OnsetCounts', 'onset category', ONSET_CATEGORIES),
    countsOf('PrevalenceCounts', 'prevalence category', PREVALENCE_CATEGORIES),
    sections(),
  ];
}

/** The terms of releases and change lists. */
function historyTerms(): SchemaObject[] {
  return [
    enumOf(
      'ChangeKind',
      'What a release did to a disease: `added` (not in the release before), `changed` (a new version of its content), `removed` (no longer a current disease: obsoleted in Mondo, or no longer a human disease class). The allowed values of the `kind` filter of the changes feed.',
      CHANGE_KINDS,
    ),
    {
      title: 'ReleaseId',
      description: 'A release id: `r` followed by the release number, in order of publication (`r1` is the first).',
      type: 'string',
      pattern: RELEASE_ID_PATTERN,
      example: 'r3',
    },
  ];
}

/** The body of a text to annotate. */
function annotateTerms(): SchemaObject[] {
  return [component(ANNOTATE_BODY)];
}

/** The webhook event types, delivery statuses and request bodies. */
function webhookTerms(): SchemaObject[] {
  return [
    enumOf('WebhookEventType', 'A webhook event type (see `x-webhooks` for each payload).', EVENT_TYPES),
    enumOf(
      'WebhookDeliveryStatus',
      '`pending`: an attempt is due or under way; `delivered`: an attempt got a 2xx; `failed`: the retry schedule ran out, the endpoint answered 410 Gone, or it was disabled.',
      DELIVERY_STATUSES,
    ),
    component(CREATE_ENDPOINT_BODY),
    component(UPDATE_ENDPOINT_BODY),
  ];
}

/** Every component generated from the contract (enums, counts per value, sections, request bodies), by component name. */
export function contractSchemas(): SchemaMap {
  const list = [...vocabularies(), ...apiTerms(), ...countsAndSections(), ...historyTerms(), ...webhookTerms(), ...annotateTerms()];
  return Object.fromEntries(list.map((s) => [s.title as string, s]));
}

/** The component schemas with the contract's enums added; a schema file defining one is an error (a second source). */
export function withContract(schemas: SchemaMap, dir: string): SchemaMap {
  const generated = contractSchemas();
  for (const name of Object.keys(generated)) {
    if (name in schemas)
      throw new Error(`${dir}: ${name} is generated from server/contract/ (build/schema/contract-schemas.ts); remove its schema file`);
  }
  return { ...schemas, ...generated };
}
