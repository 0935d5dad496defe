import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { generateOpenApi, toYaml, type OpenApiOptions } from '../../server/openapi/openapi-document.ts';
import { COMPUTED_FIELDS } from '../../build/record/computed-fields.ts';
import { DEFAULT_POLICIES } from '../../server/contract/api/quotas.ts';
import { ROUTE_LIST, ROUTES } from '../../server/routes/route-table.ts';
import { TIER_SCOPES } from '../../server/contract/api/tiers.ts';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { EVENT_SCHEMAS, EVENT_TYPES } from '../../server/contract/api/webhooks.ts';
import { contractSchemas, withContract } from '../../build/schema/contract-schemas.ts';
import { withComputed } from '../../build/schema/computed-schema.ts';
import { loadSchemas } from '../../build/schema/load-schemas.ts';
import { publishedSchemas } from '../../build/schema/published-schemas.ts';
import { refsOf } from '../../server/contract/snapshot/component-schemas.ts';
import { createValidator } from '../../build/schema/validate-record.ts';

type Obj = Record<string, any>;

const schemas = loadSchemas(new URL('../../content/schemas', import.meta.url).pathname);
const options: OpenApiOptions = {
  schemas: publishedSchemas(schemas),
  apiVersion: '1.4.0',
  releaseDate: '2026-01-06',
};
const doc = generateOpenApi(options) as Obj;
const PUBLIC = ['/api/v1/openapi', '/api/v1/health', '/api/v1/health/live', '/api/v1/health/ready'];
const operations = Object.entries(doc.paths as Obj).flatMap(([path, item]) =>
  Object.entries(item as Obj).map(([method, op]) => ({ path, method, op: op as Obj })),
);
/** The success response of an operation: its one 2xx. */
const success = (op: Obj): [string, Obj] => Object.entries(op.responses as Obj).find(([status]) => status.startsWith('2'))!;

function resolve(ref: string): Obj {
  return ref
    .slice(2)
    .split('/')
    .reduce((at: Obj, part) => at?.[part], doc);
}
const deref = (x: Obj): Obj => (x.$ref ? resolve(x.$ref) : x);

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.0.3 document', async () => {
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(doc.openapi, '3.0.3');
    assert.equal(doc.info.version, '1.4.0');
  });

  it('has the 13 read paths of the interface, the match and HPO lookup paths, the annotate path (GET and POST), the 7 lookups, the 5 of the history, the 2 downloads and the 2 probes with one GET each, the webhook paths with their methods, and unique operationIds', () => {
    const read = [
      '/api/v1/diseases',
      '/api/v1/diseases/search',
      '/api/v1/diseases/match',
      '/api/v1/diseases/bulk',
      '/api/v1/diseases/{mondoId}',
      '/api/v1/diseases/{mondoId}/summary',
      '/api/v1/diseases/{mondoId}/sections/{section}',
      '/api/v1/diseases/{mondoId}/phenotypes',
      '/api/v1/diseases/{mondoId}/pags',
      '/api/v1/diseases/{mondoId}/assistance',
      '/api/v1/diseases/{mondoId}/orphan-drugs',
      '/api/v1/diseases/{mondoId}/screening',
      '/api/v1/phenotypes',
      '/api/v1/phenotypes/{hpoId}',
      '/api/v1/xrefs/{curie}',
      '/api/v1/xrefs',
      '/api/v1/diseases/{mondoId}/parents',
      '/api/v1/diseases/{mondoId}/children',
      '/api/v1/diseases/{mondoId}/ancestors',
      '/api/v1/diseases/{mondoId}/descendants',
      '/api/v1/genes/{gene}',
      '/api/v1/releases',
      '/api/v1/releases/{releaseId}',
      '/api/v1/releases/{releaseId}/changes',
      '/api/v1/releases/{releaseId}/downloads',
      '/api/v1/releases/{releaseId}/downloads/{file}',
      '/api/v1/diseases/{mondoId}/versions',
      '/api/v1/diseases/{mondoId}/versions/{version}',
      '/api/v1/openapi',
      '/api/v1/health',
      '/api/v1/health/live',
      '/api/v1/health/ready',
    ];
    const methods = Object.fromEntries(Object.entries(doc.paths as Obj).map(([p, item]) => [p, Object.keys(item)]));
    assert.deepEqual(methods, {
      ...Object.fromEntries(read.map((p) => [p, ['get']])),
      '/api/v1/phenotypes/annotate': ['get', 'post'],
      '/api/v1/webhooks': ['post', 'get'],
      '/api/v1/webhooks/{webhookId}': ['get', 'patch', 'delete'],
      '/api/v1/webhooks/{webhookId}/rotate-secret': ['post'],
      '/api/v1/webhooks/{webhookId}/test': ['post'],
      '/api/v1/webhooks/{webhookId}/deliveries': ['get'],
      '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry': ['post'],
    });
    assert.equal(new Set(operations.map((o) => o.op.operationId)).size, 43);
  });

  it('documents the history routes: read scope, 404 without obsolete-id redirects, the release id and version parameters', () => {
    const byPath = (p: string): Obj => (doc.paths as Obj)[p].get;
    for (const p of [
      '/api/v1/releases/{releaseId}',
      '/api/v1/releases/{releaseId}/changes',
      '/api/v1/diseases/{mondoId}/versions',
      '/api/v1/diseases/{mondoId}/versions/{version}',
    ]) {
      // A per-disease path answers other spellings of the id with 308 (issue 19).
      const forms = p.includes('{mondoId}') ? ['308'] : [];
      assert.deepEqual(Object.keys(byPath(p).responses), ['200', '304', ...forms, '400', '401', '403', '404', '429', '500', '503'], p);
      assert.equal(byPath(p)['x-required-scope'], 'read', p);
    }
    assert.deepEqual(Object.keys(byPath('/api/v1/releases').responses), ['200', '304', '400', '401', '403', '429', '500', '503']);
    assert.deepEqual(Object.keys(byPath('/api/v1/releases').responses['200'].headers), [
      'ETag',
      'Cache-Control',
      'Vary',
      'Link',
      'RateLimit-Policy',
      'RateLimit',
    ]);
    const [releaseId] = byPath('/api/v1/releases/{releaseId}').parameters;
    assert.deepEqual([releaseId.in, releaseId.schema], ['path', { type: 'string', pattern: '^(?:r[1-9][0-9]{0,8}|latest)$' }]);
    const [, version] = byPath('/api/v1/diseases/{mondoId}/versions/{version}').parameters;
    assert.deepEqual([version.name, version.schema], ['version', { type: 'integer', minimum: 1, maximum: 1_000_000 }]);
    assert.match(byPath('/api/v1/diseases/{mondoId}/versions/{version}').description, /Cache-Control: public, max-age=31536000, immutable/);
    assert.deepEqual(byPath('/api/v1/releases/{releaseId}/changes').responses['200'].content['application/json'].schema, {
      $ref: '#/components/schemas/ChangeListResponse',
    });
    assert.deepEqual(doc.components.schemas.ChangeKind.enum, ['added', 'changed', 'removed']);
  });

  it('documents the webhook request bodies, success statuses and every event under x-webhooks', () => {
    const op = (p: string, m: string): Obj => (doc.paths as Obj)[p][m];
    const create = op('/api/v1/webhooks', 'post');
    assert.deepEqual(create.requestBody, {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEndpointCreate' } } },
    });
    assert.deepEqual(Object.keys(create.responses), ['201', '400', '401', '403', '409', '415', '429', '500', '503']);
    assert.ok('Location' in create.responses['201'].headers);
    assert.equal(
      op('/api/v1/webhooks/{webhookId}', 'patch').requestBody.content['application/json'].schema.$ref,
      '#/components/schemas/WebhookEndpointUpdate',
    );
    const del = op('/api/v1/webhooks/{webhookId}', 'delete');
    assert.deepEqual(Object.keys(del.responses), ['204', '400', '401', '403', '404', '429', '500', '503']);
    assert.equal(del.responses['204'].content, undefined);
    assert.equal(success(op('/api/v1/webhooks/{webhookId}/test', 'post'))[0], '202');
    assert.deepEqual(doc.components.schemas.WebhookEndpointCreate.required, ['url']);
    const hooks = doc['x-webhooks'] as Obj;
    assert.deepEqual(Object.keys(hooks), [...EVENT_TYPES]);
    for (const type of EVENT_TYPES) {
      assert.equal(hooks[type].post.requestBody.content['application/json'].schema.$ref, `#/components/schemas/${EVENT_SCHEMAS[type]}`);
      assert.deepEqual(
        hooks[type].post.parameters.map((p: Obj) => p.name),
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
      );
    }
  });

  it('requires the API key everywhere except openapi, health and the probes', () => {
    assert.equal(doc.security, undefined);
    for (const { path, op } of operations) {
      if (PUBLIC.includes(path)) {
        assert.deepEqual(op.security, [], path);
        assert.equal(op.responses['401'], undefined, path);
      } else {
        assert.deepEqual(op.security, [{ bearerAuth: [] }], path);
        assert.ok(['read', 'search', 'bulk', 'webhooks'].includes(op['x-required-scope']), path);
        assert.deepEqual(Object.keys(op.responses['429'].headers), ['Cache-Control', 'Retry-After', 'RateLimit-Policy', 'RateLimit'], path);
        assert.deepEqual(Object.keys(op.responses['401'].headers), ['Cache-Control', 'WWW-Authenticate'], path);
        assert.ok('RateLimit' in success(op)[1].headers, path);
      }
    }
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'svc_live_/svc_test_ API key',
      description: doc.components.securitySchemes.bearerAuth.description,
    });
  });

  it('resolves every $ref', () => {
    const refs = refsOf(doc);
    assert.ok(refs.length > 100);
    for (const { target } of refs) assert.notEqual(resolve(target), undefined, target);
  });

  it('answers obsolete ids, ETags and errors where they apply', () => {
    const byPath = (p: string): Obj => (doc.paths as Obj)[p].get;
    const record = byPath('/api/v1/diseases/{mondoId}');
    assert.deepEqual(Object.keys(record.responses), ['200', '301', '304', '308', '400', '401', '403', '404', '410', '429', '500', '503']);
    assert.deepEqual(record.responses['301'].headers.Location, { $ref: '#/components/headers/Location' });
    assert.equal(record.responses['400'].content['application/problem+json'].schema.$ref, '#/components/schemas/Problem');
    assert.deepEqual(Object.keys(byPath('/api/v1/diseases').responses['200'].headers), [
      'ETag',
      'Cache-Control',
      'Vary',
      'Link',
      'RateLimit-Policy',
      'RateLimit',
    ]);
    assert.deepEqual(Object.keys(byPath('/api/v1/diseases/bulk').responses), ['200', '304', '400', '401', '403', '429', '500', '503']);
    assert.deepEqual(Object.keys(byPath('/api/v1/health').responses), ['200', '400', '500']);
    assert.deepEqual(Object.keys(byPath('/api/v1/openapi').responses), ['200', '304', '400', '500']);
    assert.deepEqual(Object.keys(byPath('/api/v1/health/live').responses), ['200', '400', '500']);
    assert.deepEqual(Object.keys(byPath('/api/v1/health/ready').responses), ['200', '400', '500', '503']);
  });

  it('documents exactly the parameters the server validates, with their limits and defaults', () => {
    const params = (p: string, method = 'get'): Obj[] => (((doc.paths as Obj)[p][method].parameters ?? []) as Obj[]).map(deref);
    for (const route of ROUTE_LIST) {
      const names = params(route.path, (route.method ?? 'GET').toLowerCase()).map((p) => `${p.in}:${p.name}`);
      const expected = [
        ...Object.keys(route.pathParams.properties).map((n) => `path:${n}`),
        ...Object.keys(route.query.properties).map((n) => `query:${n}`),
        ...(route.etag === false ? [] : ['header:If-None-Match']),
      ];
      assert.deepEqual(names, expected, route.operationId);
    }
    const L = ROUTES.listDiseases.query.properties;
    const listing = Object.fromEntries(params('/api/v1/diseases').map((p) => [p.name, p]));
    assert.deepEqual(listing.limit.schema, {
      type: 'integer',
      minimum: L.limit.minimum,
      maximum: L.limit.maximum,
      default: L.limit.default,
    });
    assert.deepEqual(listing.offset.schema, { type: 'integer', minimum: 0, maximum: L.offset.maximum, default: 0 });
    assert.deepEqual([listing.inheritance.style, listing.inheritance.explode], ['form', false]);
    assert.deepEqual(listing.inheritance.schema.items, { $ref: '#/components/schemas/InheritanceTerm' });
    const bulk = Object.fromEntries(params('/api/v1/diseases/bulk').map((p) => [p.name, p]));
    assert.equal(bulk.ids.required, true);
    assert.equal(bulk.ids.schema.maxItems, ROUTES.getDiseasesBulk.query.properties.ids.maxItems);
    const sort = params('/api/v1/diseases/search').find((p) => p.name === 'sort')!;
    assert.ok(sort.schema.enum.includes('-activeTrialCount'));
    for (const { op } of operations) {
      for (const p of (op.parameters ?? []).map(deref)) {
        assert.ok(p.schema, `${op.operationId} ${p.name}`);
        assert.equal(p.schema.description, undefined, `${op.operationId} ${p.name}: the description belongs to the parameter`);
        if (p.schema.type === 'array') assert.deepEqual([p.style, p.explode], ['form', false], `${op.operationId} ${p.name}`);
      }
    }
  });

  it('generates Computed from COMPUTED_FIELDS and leaves input-file schemas out', () => {
    const computed = doc.components.schemas.Computed;
    assert.deepEqual(
      computed.required,
      COMPUTED_FIELDS.map((f) => f.name),
    );
    assert.equal(doc.components.schemas.AdvocacyGroupFile, undefined);
    assert.equal(doc.components.schemas.AssistanceProgramFile, undefined);
  });

  it('gives examples that validate against their schemas', () => {
    const all = withComputed(schemas, COMPUTED_FIELDS);
    let checked = 0;
    for (const { op } of operations) {
      for (const response of Object.values(op.responses as Obj)) {
        for (const media of Object.values((response.content ?? {}) as Obj)) {
          if (!media.example) continue;
          const name = (media.schema.$ref as string).split('/').pop()!;
          assert.deepEqual(createValidator(all, name)(media.example, op.operationId), []);
          checked++;
        }
      }
    }
    assert.ok(checked >= 40, `${checked} examples`);
  });

  it("publishes the contract's enums as components and refuses a schema file that defines one again", () => {
    assert.deepEqual(doc.components.schemas.OnsetCategory.enum, ONSET_CATEGORIES);
    assert.deepEqual(doc.components.schemas.SectionKey.enum, SECTION_KEYS);
    assert.deepEqual(doc.components.schemas.ProblemType.enum[0], 'https://disease-content-service.dev/problems/invalid-parameters');
    assert.deepEqual(
      Object.keys(contractSchemas()).filter((k) => !(k in doc.components.schemas)),
      [],
    );
    assert.throws(() => withContract({ OnsetCategory: { title: 'OnsetCategory' } }, 'content/schemas'), {
      message:
        'content/schemas: OnsetCategory is generated from server/contract/ (build/schema/contract-schemas.ts); remove its schema file',
    });
  });

  it('states the quotas and scopes of the contract and the decisions in its description', () => {
    const text: string = doc.info.description;
    const n = (v: number | null) => (v === null ? 'unlimited' : v.toLocaleString('en-US'));
    for (const tier of ['free', 'developer', 'professional', 'enterprise'] as const) {
      const { day, month } = DEFAULT_POLICIES[tier].limits;
      assert.ok(text.includes(`| ${tier} | ${n(day)} | ${n(month)} | ${TIER_SCOPES[tier].join(', ')} |`), tier);
    }
    // The spec's own figures, so a wrong tiers.json cannot pass unnoticed.
    assert.ok(text.includes('| professional | 10,000 | 100,000 | read, search, bulk, webhooks |'));
    assert.ok(
      text.includes(
        'Signed change notifications for every release, on the `professional` tier and above (`professional`, `enterprise`: the `webhooks` scope)',
      ),
    );
    assert.ok(text.includes('retried after `0`, `5s`, `5m`, `30m`, `2h`, `5h`, `10h`, `14h`, `20h`, `24h`'));
    assert.ok(text.includes('| any `svc_test_` key | 100 | 1,000 | those of its tier |'));
    assert.ok(text.includes('`limit` 1-100, default 20; `offset` 0-1,000,000, default 0.'));
    assert.ok(text.includes('the daily one resets at 00:00 UTC, the monthly one at 00:00 UTC on the 1st'));
    assert.ok(text.includes('come from a sample of ClinicalTrials.gov studies, not from the full registry'));
    assert.ok(text.includes('with `Cache-Control: public, max-age=31536000, immutable`. Obsolete ids keep their history'));
    for (const term of [...INHERITANCE_TERMS, ...SECTION_KEYS]) assert.ok(text.includes(`\`${term}\``), term);
  });

  it('round-trips through YAML to the same object', () => {
    const yaml = toYaml(doc);
    assert.ok(!/[&*]a\d+/.test(yaml), 'no YAML anchors or aliases');
    assert.deepEqual(parse(yaml), doc);
  });
});
