import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Change } from '../../server/contract/snapshot/history.ts';
import { mergeChanges } from '../../server/history/merge-changes.ts';

const ref = (version: number) => ({ version, contentVersion: `c${version}` });
const change = (
  id: string,
  release: string,
  kind: Change['kind'],
  before: number | null,
  after: number | null,
  sections: string[] = [],
  fields: string[] = [],
  replacedBy: string | null = null,
): Change => ({
  id,
  name: `name of ${id}`,
  kind,
  release,
  sections,
  fields,
  before: before === null ? null : ref(before),
  after: after === null ? null : ref(after),
  replacedBy,
  consider: [],
});

test('merging per disease: first before, last after, kind from both, union of sections and fields, sorted by id', () => {
  const r2 = [
    change('MONDO:0000002', 'r2', 'changed', 1, 2, ['genetics'], ['genes']),
    change('MONDO:0000003', 'r2', 'added', null, 1),
    change('MONDO:0000004', 'r2', 'removed', 3, null, [], [], 'MONDO:0000001'),
    change('MONDO:0000005', 'r2', 'changed', 1, 2, ['overview'], ['name']),
  ];
  const r3 = [
    change('MONDO:0000001', 'r3', 'added', null, 1),
    change('MONDO:0000002', 'r3', 'changed', 2, 3, ['epidemiology', 'genetics'], ['prevalence']),
    change('MONDO:0000003', 'r3', 'removed', 1, null),
    change('MONDO:0000004', 'r3', 'added', null, 4),
  ];
  assert.deepEqual(mergeChanges([r2, r3]), [
    change('MONDO:0000001', 'r3', 'added', null, 1),
    change('MONDO:0000002', 'r3', 'changed', 1, 3, ['epidemiology', 'genetics'], ['genes', 'prevalence']),
    // MONDO:0000003 was added and removed again in between: nothing to tell.
    // Removed, then back: a change from version 3 to 4 (the sections of the return are not known from the lists).
    change('MONDO:0000004', 'r3', 'changed', 3, 4),
    change('MONDO:0000005', 'r2', 'changed', 1, 2, ['overview'], ['name']),
  ]);
  assert.deepEqual(mergeChanges([r2]), r2);
  assert.deepEqual(mergeChanges([]), []);
});
