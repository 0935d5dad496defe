import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { project, schemaFieldTree, selectFields, selectionKey } from '../../server/http/projection.ts';
import { pageLinks } from '../../server/routes/collection-shapes.ts';

const SCHEMAS = {
  Rec: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      phenotypes: { type: 'array', items: { $ref: '#/components/schemas/Phen' } },
      sections: {
        type: 'object',
        properties: { overview: { allOf: [{ $ref: '#/components/schemas/Sec' }] }, genetics: { $ref: '#/components/schemas/Sec' } },
      },
    },
  },
  Phen: { type: 'object', properties: { hpoId: { type: 'string' }, label: { type: 'string' } } },
  Sec: { type: 'object', properties: { title: { type: 'string' }, paragraphs: { type: 'array', items: { type: 'string' } } } },
};
const REC = {
  id: 'MONDO:1',
  name: 'x',
  phenotypes: [
    { hpoId: 'HP:1', label: 'a' },
    { hpoId: 'HP:2', label: 'b' },
  ],
  sections: { overview: { title: 'O', paragraphs: ['p'] }, genetics: { title: 'G', paragraphs: [] } },
};

describe('fields= projections', () => {
  const tree = schemaFieldTree('Rec', SCHEMAS);
  test('dotted paths through objects, allOf, $ref and arrays; members keep the record order', () => {
    const r = selectFields(['phenotypes.hpoId', 'name', 'id', 'sections.overview.title'], tree);
    assert.ok(r.ok);
    assert.deepEqual(project(REC, r.selection), {
      id: 'MONDO:1',
      name: 'x',
      phenotypes: [{ hpoId: 'HP:1' }, { hpoId: 'HP:2' }],
      sections: { overview: { title: 'O' } },
    });
    assert.deepEqual(Object.keys(project(REC, r.selection) as object), ['id', 'name', 'phenotypes', 'sections']);
  });
  test('a whole member wins over a path into it, in either order; the selection key ignores request order', () => {
    const a = selectFields(['sections.overview', 'sections'], tree);
    const b = selectFields(['sections', 'sections.overview'], tree);
    assert.ok(a.ok && b.ok);
    assert.deepEqual(a.selection, { sections: true });
    assert.deepEqual(b.selection, { sections: true });
    const c = selectFields(['name', 'id'], tree);
    const d = selectFields(['id', 'name'], tree);
    assert.ok(c.ok && d.ok);
    assert.equal(selectionKey(c.selection), selectionKey(d.selection));
  });
  test('an unknown member is one 400 entry naming the members allowed where it was', () => {
    assert.deepEqual(selectFields(['nope', 'sections.overview.x', 'id'], tree), {
      ok: false,
      errors: [
        { name: 'fields', reason: 'not-allowed-value', detail: 'unknown field nope; allowed: id, name, phenotypes, sections' },
        {
          name: 'fields',
          reason: 'not-allowed-value',
          detail: 'unknown field sections.overview.x in sections.overview; allowed: title, paragraphs',
        },
      ],
    });
  });
});

describe('page links', () => {
  test('last is the page of the last item; prev from past the end is the last page', () => {
    const at = (o: number) => `/x?limit=20&offset=${o}`;
    assert.deepEqual(pageLinks('/x', {}, 20, 40, 45).links, { self: at(40), first: at(0), last: at(40), next: null, prev: at(20) });
    assert.deepEqual(pageLinks('/x', {}, 20, 100, 45).links, { self: at(100), first: at(0), last: at(40), next: null, prev: at(40) });
    assert.deepEqual(pageLinks('/x', {}, 20, 0, 0).links, { self: at(0), first: at(0), last: at(0), next: null, prev: null });
    assert.equal(
      pageLinks('/x', {}, 20, 20, 60).linkHeader,
      `<${at(0)}>; rel="first", <${at(0)}>; rel="prev", <${at(40)}>; rel="next", <${at(40)}>; rel="last"`,
    );
  });
});
