import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSchemas } from '../build/schema/load-schemas.ts';
import { GARD_PATHS } from '../build/record/gard-links.ts';
import { ORPHAN_DRUG_STATUSES } from '../server/contract/vocab.ts';

const schemas = loadSchemas(new URL('../content/schemas', import.meta.url).pathname);

test('the OrphanDrugStatus schema enum is ORPHAN_DRUG_STATUSES, in order; entries refer to it', () => {
  assert.deepEqual(schemas.OrphanDrugStatus.enum, [...ORPHAN_DRUG_STATUSES]);
  const props = schemas.OrphanDrugEntry.properties as Record<string, { $ref?: string }>;
  assert.equal(props.status.$ref, '#/components/schemas/OrphanDrugStatus');
});

test('the GardLink via enum lists the join paths the build uses, in order', () => {
  const via = (schemas.GardLink.properties as Record<string, { items: { enum: string[] } }>).via;
  assert.deepEqual(via.items.enum, [...GARD_PATHS]);
});
