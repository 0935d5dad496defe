import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSchemas } from '../../build/schema/load-schemas.ts';
import { GARD_PATHS, ORPHAN_DRUG_STATUSES } from '../../server/contract/api/vocab.ts';

const schemas = loadSchemas(new URL('../../content/schemas', import.meta.url).pathname);

test('OrphanDrugStatus is generated from ORPHAN_DRUG_STATUSES, in order; entries refer to it', () => {
  assert.deepEqual(schemas.OrphanDrugStatus.enum, [...ORPHAN_DRUG_STATUSES]);
  const props = schemas.OrphanDrugEntry.properties as Record<string, { $ref?: string }>;
  assert.equal(props.status.$ref, '#/components/schemas/OrphanDrugStatus');
});

test('GardPath is generated from GARD_PATHS, in order; GardLink.via refers to it', () => {
  assert.deepEqual(schemas.GardPath.enum, [...GARD_PATHS]);
  const via = (schemas.GardLink.properties as Record<string, { items: { $ref?: string } }>).via;
  assert.equal(via.items.$ref, '#/components/schemas/GardPath');
});
