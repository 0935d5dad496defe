import { CHANGE_KINDS, IMMUTABLE_CACHE, LATEST_RELEASE } from '../contract/api/releases.ts';
import { PROBLEMS, INVALID_PARAM_REASONS } from '../contract/api/problems.ts';
import { DEFAULT_POLICIES } from '../contract/api/quotas.ts';
import { ROUTES } from '../routes/route-table.ts';
import { BULK_MAX } from '../contract/api/limits.ts';
import { COMPRESS_MIN_BYTES } from '../contract/snapshot/packs.ts';
import { SEARCH_SORTS } from '../search/search-types.ts';
import { TIER_SCOPES, TIERS } from '../contract/api/tiers.ts';
import { FILTER_PARAMS, GENE_FILTER_MAX } from '../routes/disease-filters.ts';
import { describeTransport } from './openapi-transport.ts';
import { describeWebhooks } from './openapi-webhooks.ts';
import { ASSISTANCE_STATUSES, INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES, SECTION_KEYS } from '../contract/api/vocab.ts';

/**
 * The `info.description` of the OpenAPI document: every decision the interface left "not shown",
 * as in the README's "API decisions", so that a client needs nothing else.
 */

const n = (v: number | null): string => (v === null ? 'unlimited' : v.toLocaleString('en-US'));
const code = (values: readonly string[]): string => values.map((v) => `\`${v}\``).join(', ');

const { limits: TEST } = DEFAULT_POLICIES.test;
const L = ROUTES.listDiseases.query.properties;
const S = ROUTES.searchDiseases.query.properties;
const P = ROUTES.listDiseasePags.query.properties;
/** [alias, the filter it names] pairs. */
const ALIASES = Object.entries(FILTER_PARAMS).flatMap(([name, p]) => ('x-alias-of' in p ? [[name, p['x-alias-of']] as const] : []));
const page = (p: { minimum: number; maximum: number; default: number }) => `${p.minimum}-${p.maximum}, default ${p.default}`;

function quotaTable(): string {
  const rows = TIERS.map(
    (tier) =>
      `| ${tier} | ${n(DEFAULT_POLICIES[tier].limits.day)} | ${n(DEFAULT_POLICIES[tier].limits.month)} | ${TIER_SCOPES[tier].join(', ')} |`,
  );
  rows.push(`| any \`svc_test_\` key | ${n(TEST.day)} | ${n(TEST.month)} | those of its tier |`);
  return ['| Tier | Calls per day | Calls per month | Scopes |', '|---|---|---|---|', ...rows].join('\n');
}

/** The Markdown description of the API for `info.description`, a section per concern. */
export function describeApi(options: { apiVersion: string; releaseDate: string }): string {
  const { apiVersion, releaseDate } = options;
  return [
    intro(apiVersion, releaseDate),
    access(),
    envelope(),
    describeTransport(),
    identifiers(),
    lookups(),
    sections(),
    listing(),
    filters(),
    search(),
    bulk(),
    subResources(),
    history(),
    vocabularies(),
    trials(),
    describeWebhooks(),
    caching(),
    compatibility(),
    versions(releaseDate),
  ].join('\n\n');
}

function intro(apiVersion: string, releaseDate: string): string {
  return `Read-only REST/JSON service of validated disease records, with a focus on rare diseases, keyed by Mondo ids. Every disease endpoint is a GET; webhook subscriptions are the one thing a client writes. This document is release ${apiVersion} of ${releaseDate}; the major version is in the path (\`/api/v1\`).

The service is a static snapshot: each build reads public data releases, validates every record against the JSON Schemas below (QC tier 1: a failure stops the build), and precomputes the responses. \`/api/v1/health\` names the release of every source.`;
}

/** The keys, scopes and quotas a call needs. */
function access(): string {
  return `## Authentication, scopes and quotas
- Every endpoint except \`/api/v1/openapi\` and \`/api/v1/health\` needs \`Authorization: Bearer <API key>\`. Keys are \`svc_live_\` (production) or \`svc_test_\` (testing) followed by 38 base62 characters: 32 random, then a 6-character CRC-32 checksum. A missing, malformed, mistyped or revoked key is a 401 (\`reason\` says which).
- Scopes: \`read\` for the per-disease endpoints and the release history, \`search\` for the listing and search, \`bulk\` for the bulk endpoint, \`webhooks\` for the webhook subscriptions. A key without the needed scope gets a 403 naming \`requiredScope\` and the key's \`tier\`.
- Quotas per key:

${quotaTable()}

- The free allowance (${n(DEFAULT_POLICIES.free.limits.month)} calls per month, at most ${n(DEFAULT_POLICIES.free.limits.day)} per day, no credit card) is the \`free\` tier.
- Windows are UTC calendar windows: the daily one resets at 00:00 UTC, the monthly one at 00:00 UTC on the 1st.
- A request counts once it is authenticated and permitted: 2xx (a download or a byte range of one is one call), 301, 304, 308 and 4xx responses after authentication count; a 429 does not; a 5xx is refunded. 401 and 403 are never counted.
- Counted responses carry \`RateLimit-Policy\` (e.g. \`"day";q=1000;w=86400, "month";q=10000;w=2678400\`) and \`RateLimit\` (calls left and seconds to reset in the window nearest to exhaustion), per draft-ietf-httpapi-ratelimit-headers; unlimited keys carry neither. A 429 \`quota-exceeded\` names the \`window\`, its \`limit\` and \`reset\` time, with \`Retry-After\` in seconds.`;
}

/** The shape of every answer and of every error. */
function envelope(): string {
  return `## Envelope and errors
- Per-disease responses are \`{"data": ...}\`; collections are \`{"data": [...], "pagination": {...}, "links": {...}}\`.
- Every error is RFC 9457 \`application/problem+json\`: \`type\` (a stable URI \`https://disease-content-service.dev/problems/<kind>\`), \`title\`, \`status\`, \`detail\`, \`instance\` (the request path), \`requestId\`. A 400 adds \`invalidParams: [{name, reason, detail}]\`, one entry per bad parameter, with \`reason\` one of ${code(INVALID_PARAM_REASONS)}.
- Kinds: ${Object.entries(PROBLEMS)
    .map(([kind, p]) => `\`${kind}\` ${p.status}`)
    .join(', ')}.
- Unknown query parameters are a 400 (\`unknown-parameter\`), so a typo never silently changes a result.`;
}

/** Mondo ids, their other spellings and obsolete ids. */
function identifiers(): string {
  return `## Identifiers and obsolete ids
- \`{mondoId}\` is \`MONDO:\` + 7 digits (\`MONDO:0007739\`). The other spellings of a Mondo id (\`mondo:0007739\`, \`MONDO_0007739\`, the URL-encoded OBO PURL \`http%3A%2F%2Fpurl.obolibrary.org%2Fobo%2FMONDO_0007739\`) answer 308 to the same path with the canonical id, query kept; anything else is a 400 \`malformed\` (a code of another system, such as \`OMIM:219700\`, is looked up at \`/xrefs/{curie}\`). A well-formed id that was never a Mondo class is a 404.`;
}

/** Codes of other systems, the hierarchy, genes, projections and downloads. */
function lookups(): string {
  return `## Other systems, hierarchy, genes, projections, downloads
- \`/xrefs/{curie}\` and \`/xrefs?ids=\` map codes of other systems to Mondo diseases through Mondo's own SSSOM mappings (prefixes case-insensitive, the usual spellings accepted); \`/diseases/search?q=\` with such a code finds the same diseases, exact matches first.
- \`/diseases/{mondoId}/parents\`, \`/children\`, \`/ancestors\` and \`/descendants\` walk the served is_a hierarchy with the distance of each; \`descendantOf=\` narrows the listing and search to a branch.
- \`/genes/{gene}\` is an approved HGNC gene with its diseases; previous symbols and unambiguous aliases answer 308 to the current symbol, and search by a previous symbol finds the current one's diseases.
- \`fields=\` on the record, listing, search and bulk keeps only the named members (dotted paths), with an ETag of its own.
- Collections link \`first\`, \`prev\`, \`next\` and \`last\`; \`prev\` never points past the end.
- \`/releases/{releaseId}/downloads\` lists the files built with the latest release (every record as gzipped JSON Lines, diseases, phenotypes, designations and SSSOM cross-references as gzipped TSV), served immutable with byte ranges.
- An obsolete id with a replacement answers 301 with \`Location\` set to the same resource of the replacement (the query string kept) and a small redirect document (\`data.obsolete\`, \`data.replacedBy\`, \`data.consider\`). An obsolete id without a single replacement answers 410 \`obsolete\` listing the \`consider\` ids.`;
}

/** The content sections of a record. */
function sections(): string {
  return `## Sections
${code(SECTION_KEYS)}. \`?sections=a,b\` on the full record (and on bulk) returns only those in \`sections\`; an unknown name is a 400 listing the allowed names. The summary is the overview section with identity fields. Section text is composed from the record's facts and fact-checked against them; a sentence the check refutes stops the build (QC tier 1), so no section is served unchecked; other findings go to editorial review (QC tier 3, \`metadata.qcWarnings\`).`;
}

/** The listing. */
function listing(): string {
  return `## Listing \`/api/v1/diseases\`
- \`limit\` ${page(L.limit)}; \`offset\` 0-${n(L.offset.maximum)}, default 0. Order: Mondo id ascending (stable). Every filter below narrows it.
- Body: \`data\`, \`pagination\` (\`limit\`, \`offset\`, \`total\`, \`hasMore\`) and \`links\` (\`self\`, \`first\`, \`next\`, \`prev\`); the same links in an RFC 8288 \`Link\` header.`;
}

/** The filters every endpoint that lists diseases takes. */
function filters(): string {
  return `## Filters: the list, search, match and hierarchy endpoints
- Every endpoint that lists diseases takes the same filters: ${code(Object.keys(FILTER_PARAMS))}. Filters combine with AND; the values of one comma-separated filter with OR.
- \`isRare\`, \`hasContent\`, \`hasExpertContent\`, \`hasCuratedDefinition\`, \`hasTrials\`, \`hasActiveTrials\` (\`true\`|\`false\`); \`minTrialCount\` (integer >= 0); \`inheritance\`, \`onset\`, \`prevalence\` (vocabularies below); \`gene\` (at most ${GENE_FILTER_MAX} comma-separated HGNC symbols, case-insensitive; a previous symbol counts as the current one); \`descendantOf\` (only the diseases below a current Mondo disease in the is_a hierarchy).
- ${code(ALIASES.map(([alias]) => alias))} are other names of ${code(ALIASES.map(([, of]) => of))}: the names the interface gives them on search. A request that gives both names of one filter is a 400 (\`duplicate\`) naming them.`;
}

/** Search: relevance, normalization, items and facets. */
function search(): string {
  return `## Search \`/api/v1/diseases/search\`
- \`q\` (${S.q.minLength}-${S.q.maxLength} characters) matches names, synonyms and gene symbols; \`limit\` ${page(S.limit)}; \`offset\` 0-${n(S.offset.maximum)}; \`highlight\` and \`facets\` (\`true\`|\`false\`).
- \`sort\`: ${code(SEARCH_SORTS)}: \`relevance\` (default when \`q\` is given; best first), \`label\` (default without \`q\`); prefix \`-\` for descending (\`sort=-activeTrialCount\`), ascending otherwise.
- A missing or empty \`q\` with no filter is a 400. A query that matches no name whole still returns its best partial matches (\`match.kind\` \`partial\`); an empty \`data\` means nothing matched at all.
- **Relevance**, best first: the Mondo id itself; an exact name; an exact synonym; the same once spellings are folded; a gene symbol (the diseases the gene causes first). Every other disease is ranked by its best name or synonym: each query word that meets a word of the text (exactly, as a prefix, with a typo of one or two edits by length, joined, as a related word the names themselves use, or as one of the disease's gene symbols) adds evidence weighted by its rarity over all names (IDF); stop words, generic words (disease, syndrome, type...), modifiers (familial, juvenile...) and bracketed words weigh less. The score is a Tversky similarity of query and text (a missing query word costs more than an extra word of the name), synonyms slightly below names, a slight preference for the more general class, then word order. Ties: rare first, then \`metadata.qualityScore\`, then id.
- **Normalization**, the same for names and queries: case, accents, apostrophes, hyphens, slashes and brackets; Greek letters spelled out; British to American spelling; plurals to singular; roman numerals and number words to digits.
- Each item: the listing fields plus \`hasActiveTrials\`, \`activeTrialCount\`, \`trialCount\`, \`inheritancePatterns\`, \`onsetCategories\`, \`prevalenceCategory\`, \`genes\` and \`match\` (\`field\`: name|synonym|gene|id, \`text\`, \`kind\`: exact|prefix|words|fuzzy|partial, \`score\`, and \`why\`: the tier, the shares of query and text met, word order, and per query word what it met and how); with \`highlight=true\` also \`highlight\` (\`field\`, \`text\` with \`<mark>\` around matched spans, \`spans\` as [start, end) offsets into the unmarked text).
- \`facets=true\` adds \`facets\` over the whole filtered result set: \`inheritance\`, \`onset\`, \`prevalence\` (count per vocabulary value, zeros included), \`rarity\` (\`rare\`, \`common\`), \`trialStatus\` (\`withActiveTrials\`, \`withTrialsNoneActive\`, \`noTrials\`).`;
}

/** The bulk endpoint. */
function bulk(): string {
  return `## Bulk \`/api/v1/diseases/bulk\`
- \`?ids=MONDO:0007739,MONDO:0009061[&sections=overview,genetics]\`: 1-${BULK_MAX} comma-separated ids. More than ${BULK_MAX}, a duplicate id or an empty list is a 400 saying which.
- Body: \`data\`, one item per requested id in request order, \`{id, status, data?}\` with \`status\` \`found\` (with \`data\`: the full record, or only the requested sections), \`not_found\`, \`obsolete\` (with \`replacedBy\`, \`consider\`) or \`malformed\`; and \`meta\` with counts per status. Needs the \`bulk\` scope.`;
}

/** The paged and filtered sub-resources. */
function subResources(): string {
  return `## Sub-resources
- \`/pags\`: \`limit\` ${page(P.limit)}, \`offset\`. \`/assistance\`: \`status\` = comma-separated ${code(ASSISTANCE_STATUSES)}. Both list \`sources\`, saying which sources were absent. No open directory of advocacy groups or assistance programs was obtainable: advocacy groups are NORD (where it has a report on the disease) and curated entries; assistance programs are curated entries only. An empty list means unknown, not none.`;
}

/** Releases and the version history of every disease. */
function history(): string {
  return `## Releases and version history
- A release is a build that added, changed or removed a disease or took in a changed source; a build with unchanged inputs publishes nothing. Release ids are \`r\` + a sequence number (\`r1\` is the first; \`${LATEST_RELEASE}\` stands for the newest in paths). \`/api/v1/releases\` lists them newest first with the release of every source, the code that built them and counts; \`/api/v1/releases/{releaseId}/changes\` lists what one did, per disease (\`kind\`: ${code(CHANGE_KINDS)}; the sections and top-level fields that changed; \`before\` and \`after\` versions; the replacement of a removed disease).
- \`?since=<releaseId>\` merges every change after that release per disease: poll \`/api/v1/releases/${LATEST_RELEASE}/changes?since=<meta.release of your last walk>\`.
- Each disease has versions 1, 2, 3... (one per change of content, not per build); \`metadata.version\` and \`metadata.links.history\` of the record point to them. \`/api/v1/diseases/{mondoId}/versions/{n}\` is the record exactly as it was served while version n was current (same bytes, same ETag), with \`Cache-Control: ${IMMUTABLE_CACHE}\`. Obsolete ids keep their history; these routes do not redirect them.
- The service may keep only its newest releases (HISTORY_KEEP): an older release or a version superseded before them is a 404.`;
}

/** The vocabularies of the filters. */
function vocabularies(): string {
  return `## Vocabularies
- Inheritance: ${code(INHERITANCE_TERMS)}.
- Onset: ${code(ONSET_CATEGORIES)}.
- Prevalence: ${code(PREVALENCE_CATEGORIES)}.`;
}

/** Where trial data come from. */
function trials(): string {
  return `## Clinical trials come from a sample
Trial counts and items (\`trials\`, \`hasTrials\`, \`hasActiveTrials\`, \`activeTrialCount\`, \`trialCount\`, \`minTrialCount\`, \`computed.trialCount\`) come from a sample of ClinicalTrials.gov studies, not from the full registry; every record says so in \`trials.notice\` (\`trials.fromSample\` is always true).`;
}

/** ETags, Cache-Control and compression. */
function caching(): string {
  return `## Caching
Every 200 carries a weak \`ETag\` (\`W/"<hash>"\`, a SHA-256 of the identity bytes, valid for every encoding). \`If-None-Match\` (lists and \`*\`, weak comparison) gives a 304 with \`ETag\`, \`Cache-Control\`, \`Vary\` and \`Date\` and no body. Authenticated responses are \`Cache-Control: private, no-cache\`, except old versions of a record, which never change: \`${IMMUTABLE_CACHE}\`.

## Compression
A stored body over ${COMPRESS_MIN_BYTES} bytes (a record, its summary, a section or a sub-resource as requested without a filter or page, an old version) is sent gzip-compressed when \`Accept-Encoding\` allows gzip, with \`Vary: Accept-Encoding\` and the same ETag as the identity bytes. No brotli variant is stored (it saved 6 % of the bytes sent for 10 % of a release's disk): a client that accepts only \`br\` gets identity. A body composed per request (lists, search, bulk, \`fields=\`, a filter or page of a sub-resource, \`order=hallmark\`) is sent uncompressed.`;
}

/** The deprecation policy the spec leaves open ("not shown"): what a v1 client may rely on. */
function compatibility(): string {
  return `## Compatibility
Within \`/api/v1\` the interface only grows: minor versions add endpoints, parameters, fields and enum values, so a client ignores what it does not know. A field is never removed or retyped within v1: one that can no longer be served stays in its schema, marked \`deprecated\`, with the value \`null\`, and leaves in v2. A v2 will be announced here at least six months before v1 stops being served, and both are served until then. What a record says changes with each release (\`/releases/{releaseId}/changes\` lists the records); that is content, not the interface.`;
}

/** What each version of the interface added. */
function versions(releaseDate: string): string {
  return `## Versions
- 1.0.0 (2025-11-01): list, search, get by id, sections, summary, PAGs, assistance programs, API keys, tier quotas, OpenAPI, health, ETags.
- 1.1.0 (2025-12-15): phenotypes, orphan drugs and screening endpoints; \`metadata.qualityScore\`; professional daily limit raised to 10,000; search relevance improved.
- 1.2.0 (2026-01-06): \`computed\` and \`classification\`, search filters, sort options, bulk endpoint, search \`offset\`, \`highlight\`, \`facets\`; search items gain fields and a pagination object.
- 1.3.0 (2026-11-23): releases, change lists and the version history of every disease; webhooks; every FDA orphan designation with its status and the \`status\` filter; synonym \`type\`; GARD names and links; ranked search with \`match.why\` and partial matches; the \`/docs\` page.
- 1.4.0 (2026-11-23): \`/diseases/match\` (rank diseases by a patient's HPO terms, explained) and \`/phenotypes\` (HPO lookup); \`/xrefs\` (codes of other systems to Mondo) and search by code; Mondo id forms (lower case, underscore, OBO PURL) redirect; \`/parents\`, \`/children\`, \`/ancestors\`, \`/descendants\` and the \`descendantOf\` filter; \`/genes/{gene}\` with previous symbols and aliases; \`fields=\` projections; release downloads; a \`last\` link on every list.
- 1.5.0 (2026-11-27): \`/phenotypes/annotate\` (HPO terms named in a text, with negation, uncertainty and family history) and \`/diseases/match?text=\`; \`/diseases/{id}/phenotypes?order=hallmark\` and the list's \`hallmarks\`; orphan drug designations say how each relates to the disease (\`relation\`, \`decidedBy\`) and which FDA texts were repaired (\`textRepairs\`); the overview's \`sentences\` name the fields each rests on. Deprecated: \`informationContent\` of a record's phenotypes is always \`null\` (a figure over every disease's annotations, it rewrote thousands of records on each HPO release); the term's information content is on \`/phenotypes/{hpoId}\`, and features of equal frequency are ordered by how many of the record's own source entries report them, then by HPO id.
- 1.6.0 (${releaseDate}): expert content: a record with an editorial file has \`expert\` (a curator's facts from GeneReviews, MedlinePlus, Orphanet or a guideline, each citing its page and section; errata against the structured sources; a lead paragraph) and \`metadata.editorial\` (what is expert content, when it was curated and reviewed); its overview leads with the lead, its hallmarks with the defining features (\`basis\`), its diagnosis and treatment sections with the expert tests and first-line management; \`generation: facts-only\` and \`metadata.sectionsRegenerated\` name the sections a newer upstream release took back to the structured facts (QC tier 2). \`hasExpertContent\` now means that a record has expert content; what it meant before (a curated definition from Mondo or Orphanet) is \`hasCuratedDefinition\`, a filter and an item field of its own. Orphan drug designations, their links and rolled-up designations say what they cover of the disease in words that need no glossary (\`covers\`: \`whole-disease\`, \`part-of-disease\`, \`condition-in-patients\`, \`wider-condition\`; \`relation\` keeps its values), and an approved designation what its approvals cover (\`approvalCovers\`, \`another-condition\` when they cover only other diseases); \`computed.diagnosisByClass\` (how the diagnosis is typically confirmed for the kind of disease); \`resources.linksFromSubtypes\` (GeneReviews and MedlinePlus links taken from subtypes that are the same disease). A group whose subtypes differ in inheritance may have no primary mode (\`inheritanceSummary.primary\` null, the basis says how many subtypes have each). \`/phenotypes/annotate\` and \`/diseases/match?text=\` read more of a text (words that stand for one another in HPO's own synonyms, the words of a finding anywhere in a clause, coordinated findings, mentions inside longer ones) and keep what a re-ranker trained on published annotated texts finds likely; each mention has a \`confidence\`, and \`matched.via\` may be \`training\`.`;
}
