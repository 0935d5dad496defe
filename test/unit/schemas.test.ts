import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPUTED_FIELDS, type ComputedFieldDoc } from '../../build/record/computed-fields.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../../server/contract/api/vocab.ts';
import { computedSchema, withComputed } from '../../build/schema/computed-schema.ts';
import { componentName, loadSchemas } from '../../build/schema/load-schemas.ts';
import type { SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';
import { createRecordValidator, createValidator } from '../../build/schema/validate-record.ts';
import { PROBLEMS, PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { SCOPES, TIERS } from '../../server/contract/api/tiers.ts';
import { exampleRecord } from '../fixtures/schemas/record.ts';
import { RULE_TEXTS } from '../../build/schema/rule-texts.ts';
import fg from 'fast-glob';

const SCHEMA_DIR = new URL('../../content/schemas', import.meta.url).pathname;
const schemas = loadSchemas(SCHEMA_DIR);
const validate = createRecordValidator(schemas, COMPUTED_FIELDS);
const context = { diseaseId: 'MONDO:0009061', sourceFiles: ['hpo/phenotype_2023-01-27.hpoa.gz', 'orphanet/orphapackets_2025-12.jsonl.gz'] };
const SOURCES = ' (sources: hpo/phenotype_2023-01-27.hpoa.gz, orphanet/orphapackets_2025-12.jsonl.gz)';

const props = (name: string): Record<string, SchemaObject> => schemas[name].properties as Record<string, SchemaObject>;
const enumOf = (name: string): unknown[] => schemas[name].enum as unknown[];

function withDir(files: Record<string, string>, run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-test-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('loadSchemas', () => {
  it('maps kebab-case file names to PascalCase component names', () => {
    assert.equal(componentName('disease-record.schema.json'), 'DiseaseRecord');
    assert.equal(componentName('problem.schema.json'), 'Problem');
    assert.ok(Object.keys(schemas).includes('DiseaseRecord'));
    assert.ok(!Object.keys(schemas).includes('Computed'), 'Computed is generated, never a file');
  });

  it('names the file holding invalid JSON', () => {
    withDir({ 'broken-thing.schema.json': '{ "title": ' }, (dir) => {
      assert.throws(
        () => loadSchemas(dir),
        (err: Error) => err.message.startsWith(`${join(dir, 'broken-thing.schema.json')}: invalid JSON: `),
      );
    });
  });

  it('rejects a title that is not the component name, and keywords outside the OpenAPI 3.0 subset', () => {
    withDir({ 'thing.schema.json': '{ "title": "Other", "description": "d", "type": "string" }' }, (dir) => {
      assert.throws(() => loadSchemas(dir), {
        message: `${join(dir, 'thing.schema.json')}: "title" must be "Thing" (the component name of the file), found "Other"`,
      });
    });
    withDir({ 'thing.schema.json': '{ "title": "Thing", "description": "d", "properties": { "const": { "const": 1 } } }' }, (dir) => {
      assert.throws(() => loadSchemas(dir), {
        message: `${join(dir, 'thing.schema.json')}: keywords outside the OpenAPI 3.0 subset: const`,
      });
    });
    withDir(
      {
        'thing.schema.json':
          '{ "title": "Thing", "description": "d", "properties": { "a": { "type": "string", "nullable": true, "enum": ["x"] } } }',
      },
      (dir) => {
        assert.throws(() => loadSchemas(dir), {
          message: `${join(dir, 'thing.schema.json')}: a nullable schema with an enum must list null among its values (OpenAPI 3.0.3)`,
        });
      },
    );
    withDir(
      {
        'thing.schema.json':
          '{ "title": "Thing", "description": "d", "properties": { "a": { "$ref": "#/components/schemas/X", "nullable": true } } }',
      },
      (dir) => {
        assert.throws(() => loadSchemas(dir), {
          message: `${join(dir, 'thing.schema.json')}: $ref "#/components/schemas/X" has sibling keywords, which OpenAPI 3.0 ignores; wrap it in allOf`,
        });
      },
    );
  });
});

describe('record validation (QC tier 1)', () => {
  it('accepts a complete hand-built record', () => {
    assert.deepEqual(validate(exampleRecord(COMPUTED_FIELDS), context), []);
  });

  it('accepts null where the record allows it', () => {
    const r = exampleRecord(COMPUTED_FIELDS);
    r.definition = null;
    r.phenotypes[0].frequency = null;
    r.screening.via = null;
    assert.deepEqual(validate(r, context), []);
  });

  it('names the disease, the JSON pointer and the source files', () => {
    const r = exampleRecord(COMPUTED_FIELDS);
    r.phenotypes[0].frequency.percent = 101;
    assert.deepEqual(validate(r, context), [`MONDO:0009061 /phenotypes/0/frequency/percent: must be <= 100${SOURCES}`]);
  });

  it('reports every error of a record, with the extra member or the allowed values', () => {
    const r = exampleRecord(COMPUTED_FIELDS);
    r.genes[0].extra = 1;
    r.inheritance[0].term = 'x-linked-semidominant';
    assert.deepEqual(validate(r, { diseaseId: 'MONDO:0009061', sourceFiles: [] }), [
      `MONDO:0009061 /inheritance/0/term: must be equal to one of the allowed values: ${INHERITANCE_TERMS.map((t) => `"${t}"`).join(', ')}`,
      "MONDO:0009061 /genes/0: must NOT have additional properties: 'extra'",
    ]);
  });

  it('requires every section in a full record, and a section under its own key', () => {
    const r = exampleRecord(COMPUTED_FIELDS);
    delete r.sections.support;
    r.sections.genetics.key = 'overview';
    assert.deepEqual(validate(r, context), [
      `MONDO:0009061 /sections: must have required property 'support'${SOURCES}`,
      `MONDO:0009061 /sections/genetics/key: must be equal to one of the allowed values: "genetics"${SOURCES}`,
    ]);
  });

  it('checks identifiers, dates and the trial sample flag', () => {
    const r = exampleRecord(COMPUTED_FIELDS);
    r.id = 'MONDO:123';
    r.orphanDrugs[0].dateDesignated = '01/31/2020';
    r.trials.fromSample = false;
    assert.deepEqual(validate(r, { diseaseId: 'MONDO:123', sourceFiles: [] }), [
      'MONDO:123 /id: must match pattern "^MONDO:\\d{7}$"',
      'MONDO:123 /orphanDrugs/0/dateDesignated: must match format "date"',
      'MONDO:123 /trials/fromSample: must be equal to one of the allowed values: true',
    ]);
  });

  it('validates 5,000 records in well under a second per thousand (compiled once)', () => {
    const records = Array.from({ length: 5000 }, () => exampleRecord(COMPUTED_FIELDS));
    const start = performance.now();
    for (const r of records) assert.equal(validate(r, context).length, 0);
    const ms = performance.now() - start;
    assert.ok(ms < 2500, `took ${Math.round(ms)} ms`);
  });
});

describe('computed schema from COMPUTED_FIELDS', () => {
  const stub: ComputedFieldDoc[] = [
    { name: 'geneCount', type: 'integer', nullable: false, description: 'Genes.' },
    { name: 'earliestOnset', type: 'string', nullable: true, description: 'Onset.' },
  ];

  it('requires every documented field, allows null only where documented, and nothing else', () => {
    const check = createValidator(withComputed(schemas, stub), 'Computed');
    assert.deepEqual(check({ geneCount: 2, earliestOnset: null }, 'computed'), []);
    assert.deepEqual(check({ geneCount: 1.5, earliestOnset: 'adult', extra: true }, 'computed'), [
      "computed (root): must NOT have additional properties: 'extra'",
      'computed /geneCount: must be integer',
    ]);
    assert.deepEqual(check({ geneCount: null }, 'computed'), [
      "computed (root): must have required property 'earliestOnset'",
      'computed /geneCount: must be integer',
    ]);
  });

  it('follows the field list in order and refuses a Computed schema file', () => {
    assert.deepEqual(
      Object.keys(computedSchema(COMPUTED_FIELDS).properties as object),
      COMPUTED_FIELDS.map((f) => f.name),
    );
    assert.throws(() => withComputed({ ...schemas, Computed: {} }, stub), /Computed is generated from COMPUTED_FIELDS/);
  });
});

describe('components generated from the contract', () => {
  it('vocabularies, section keys, facet counts and problem members come from server/contract/', () => {
    assert.deepEqual(enumOf('InheritanceTerm'), [...INHERITANCE_TERMS]);
    assert.deepEqual(enumOf('OnsetCategory'), [...ONSET_CATEGORIES]);
    assert.deepEqual(enumOf('PrevalenceCategory'), [...PREVALENCE_CATEGORIES]);
    assert.deepEqual(enumOf('SectionKey'), [...SECTION_KEYS]);
    assert.deepEqual(Object.keys(props('Sections')), [...SECTION_KEYS]);
    assert.deepEqual(schemas.InheritanceCounts.required, [...INHERITANCE_TERMS]);
    assert.deepEqual(props('Facets').onset, {
      allOf: [{ $ref: '#/components/schemas/OnsetCounts' }],
      description: 'Diseases per onset category.',
    });
    assert.deepEqual(
      enumOf('ProblemType'),
      Object.keys(PROBLEMS).map((k) => PROBLEM_BASE + k),
    );
    assert.deepEqual(enumOf('Scope'), [...SCOPES]);
    assert.deepEqual(enumOf('Tier'), [...TIERS]);
  });

  it('a record section must sit under its own key', () => {
    const check = createValidator(schemas, 'Sections');
    const section = { key: 'genetics', title: 'Genetics', paragraphs: ['x'], generation: 'template', basedOn: ['genes'] };
    assert.deepEqual(check({ genetics: section }, 's'), []);
    assert.notDeepEqual(check({ overview: section }, 's'), []);
  });

  it('a search item is a listing item plus search fields; screening is ScreeningStatus plus identity', () => {
    const listing = props('ListingItem');
    const search = props('SearchItem');
    for (const [k, v] of Object.entries(listing)) assert.deepEqual(search[k], v, k);
    assert.deepEqual(props('Screening'), { id: props('DiseaseRef').id, name: props('DiseaseRef').name, ...props('ScreeningStatus') });
  });
});

describe('editorial input files', () => {
  const advocacy = createValidator(schemas, 'AdvocacyGroupFile');
  const assistance = createValidator(schemas, 'AssistanceProgramFile');
  const item = {
    name: 'Example group',
    url: 'https://example.org/',
    kind: 'patient-organization',
    source: 'https://example.org/about',
    retrieved: '2026-01-05',
  };

  it('accepts items with provenance and names the file and pointer otherwise', () => {
    assert.deepEqual(advocacy({ mondoId: 'MONDO:0007739', items: [item] }, 'a.json'), []);
    const { source: _, ...noSource } = item;
    assert.deepEqual(advocacy({ mondoId: 'MONDO:0007739', items: [noSource] }, 'content/advocacy-groups/a.json'), [
      "content/advocacy-groups/a.json /items/0: must have required property 'source'",
    ]);
    assert.deepEqual(advocacy({ mondoId: 'MONDO:7739', items: [] }), [
      '/mondoId: must match pattern "^MONDO:\\d{7}$"',
      '/items: must NOT have fewer than 1 items',
    ]);
  });

  it('checks assistance program status against the shared vocabulary', () => {
    const program = {
      name: 'Example program',
      url: 'https://example.org/p',
      status: 'open',
      source: 'https://example.org/p',
      retrieved: '2026-01-05',
    };
    assert.deepEqual(assistance({ mondoId: 'MONDO:0009061', items: [program] }, 'b.json'), []);
    assert.deepEqual(assistance({ mondoId: 'MONDO:0009061', items: [{ ...program, status: 'paused' }] }, 'b.json'), [
      'b.json /items/0/status: must be equal to one of the allowed values: "open", "waitlist", "closed", "unknown"',
    ]);
  });
});

describe('rule texts', () => {
  const RECORD_DIR = new URL('../../build/record', import.meta.url).pathname;

  it('every rule constant of build/record reaches the document through RULE_TEXTS', async () => {
    const registered = new Set(Object.values(RULE_TEXTS));
    const missing: string[] = [];
    for (const file of fg.sync('**/*.ts', { cwd: RECORD_DIR })) {
      const names = [...readFileSync(join(RECORD_DIR, file), 'utf8').matchAll(/export const ([A-Z_]+_(?:RULES?|FORMULA))\b/g)].map(
        (m) => m[1],
      );
      if (names.length === 0) continue;
      const mod = await import(join(RECORD_DIR, file));
      for (const name of names) {
        const value: unknown = mod[name];
        const texts = typeof value === 'string' ? [value] : Object.values(value as Record<string, string>);
        if (texts.some((t) => !registered.has(t))) missing.push(`${file}: ${name}`);
      }
    }
    assert.ok(Object.keys(RULE_TEXTS).length >= 19);
    assert.deepEqual(missing, []);
  });

  it('every rule of RULE_TEXTS is placed in a description, as {{NAME}}', () => {
    const raw = [
      ...readdirSync(SCHEMA_DIR)
        .filter((f) => f.endsWith('.schema.json'))
        .map((f) => readFileSync(join(SCHEMA_DIR, f), 'utf8')),
      JSON.stringify(COMPUTED_FIELDS),
    ].join('\n');
    assert.deepEqual(
      Object.keys(RULE_TEXTS).filter((name) => !raw.includes(`{{${name}}}`)),
      [],
    );
  });
});
