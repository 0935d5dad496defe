import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROUTES } from '../../server/routes/route-table.ts';
import { paramReader } from '../../server/http/param-reader.ts';

const search = paramReader(ROUTES.searchDiseases.query, ROUTES.searchDiseases.pathParams);
const bulk = paramReader(ROUTES.getDiseasesBulk.query, ROUTES.getDiseasesBulk.pathParams);
const section = paramReader(ROUTES.getDiseaseSection.query, ROUTES.getDiseaseSection.pathParams);

describe('parameter reader (route table schemas, ajv)', () => {
  it('decodes integers, booleans and lists, applies defaults and drops repeated filter values', () => {
    assert.deepEqual(
      search({ q: ' cystic ', limit: '5', facets: 'true', inheritancePattern: 'x-linked, x-linked,autosomal-dominant' }, {}),
      {
        ok: true,
        path: {},
        query: { q: 'cystic', limit: 5, offset: 0, highlight: false, facets: true, inheritancePattern: ['x-linked', 'autosomal-dominant'] },
      },
    );
  });

  it('lists every bad parameter once, unknown ones first, then in table order', () => {
    const r = search(
      { zz: '1', sort: 'size', offset: '1000001', limit: 'ten', highlight: 'yes', gene: 'CFTR,%%', onsetCategory: 'adult,teen' },
      {},
    );
    assert.deepEqual(r, {
      ok: false,
      errors: [
        {
          name: 'zz',
          reason: 'unknown-parameter',
          detail:
            'unknown parameter; allowed: q, limit, offset, sort, highlight, facets, isRare, hasContent, hasExpertContent, hasTrials, hasActiveTrials, minTrialCount, inheritance, inheritancePattern, onset, onsetCategory, prevalence, gene, descendantOf, fields',
        },
        { name: 'limit', reason: 'wrong-type', detail: 'must be an integer, got "ten"' },
        { name: 'offset', reason: 'out-of-range', detail: 'must be between 0 and 1000000, got 1000001' },
        {
          name: 'sort',
          reason: 'not-allowed-value',
          detail:
            'must be one of: relevance, label, -label, activeTrialCount, -activeTrialCount, updatedAt, -updatedAt, pagCount, -pagCount; got "size"',
        },
        { name: 'highlight', reason: 'wrong-type', detail: 'must be true or false, got "yes"' },
        {
          name: 'onsetCategory',
          reason: 'not-allowed-value',
          detail:
            'unknown value(s) "teen"; allowed: antenatal, neonatal, infancy, childhood, adolescent, adult, elderly, all-ages, unknown',
        },
        { name: 'gene', reason: 'malformed', detail: 'must be an HGNC gene symbol, got "%%"' },
      ],
    });
  });

  it('reports a repeated parameter, a missing required one, duplicates in a set-valued list and too many values', () => {
    assert.deepEqual(search({ q: ['a', 'b'] }, {}), {
      ok: false,
      errors: [{ name: 'q', reason: 'duplicate', detail: 'given more than once; pass one value (lists are comma-separated)' }],
    });
    assert.deepEqual(bulk({}, {}), { ok: false, errors: [{ name: 'ids', reason: 'missing', detail: 'required' }] });
    assert.deepEqual(bulk({ ids: ',' }, {}), { ok: false, errors: [{ name: 'ids', reason: 'missing', detail: 'empty list' }] });
    assert.deepEqual(bulk({ ids: 'MONDO:0000001,MONDO:0000001' }, {}), {
      ok: false,
      errors: [{ name: 'ids', reason: 'duplicate', detail: 'duplicate value(s): MONDO:0000001' }],
    });
    const many = Array.from({ length: 51 }, (_, i) => `MONDO:${String(i).padStart(7, '0')}`).join(',');
    assert.deepEqual(bulk({ ids: many }, {}), {
      ok: false,
      errors: [{ name: 'ids', reason: 'out-of-range', detail: 'at most 50 values, got 51' }],
    });
  });

  it('takes either name of an aliased filter, and names both when a request gives both', () => {
    const one = search({ inheritancePattern: 'autosomal-recessive' }, {});
    assert.equal(one.ok && one.query.inheritancePattern?.join(), 'autosomal-recessive');
    assert.deepEqual(
      search({ inheritance: 'autosomal-recessive', inheritancePattern: 'x-linked', onset: 'adult', onsetCategory: 'adult' }, {}),
      {
        ok: false,
        errors: [
          {
            name: 'inheritancePattern',
            reason: 'duplicate',
            detail: 'the same filter as inheritance, which is also given: pass one of the two',
          },
          { name: 'onsetCategory', reason: 'duplicate', detail: 'the same filter as onset, which is also given: pass one of the two' },
        ],
      },
    );
  });

  it("validates path parameters with the query, and only the route's own path names", () => {
    assert.deepEqual(section({}, { mondoId: 'MONDO:0009061', section: 'genetics' }), {
      ok: true,
      query: {},
      path: { mondoId: 'MONDO:0009061', section: 'genetics' },
    });
    assert.deepEqual(section({ x: '1' }, { mondoId: 'MONDO:123', section: 'bogus' }), {
      ok: false,
      errors: [
        { name: 'mondoId', reason: 'malformed', detail: 'must be MONDO: followed by 7 digits (e.g. MONDO:0007739), got "MONDO:123"' },
        {
          name: 'section',
          reason: 'not-allowed-value',
          detail:
            'must be one of: overview, clinical-features, genetics, epidemiology, screening-and-diagnosis, treatment, research, support; got "bogus"',
        },
        { name: 'x', reason: 'unknown-parameter', detail: 'unknown parameter; allowed: none' },
      ],
    });
    // A route reads only its own path parameters, whatever else the request carries.
    assert.deepEqual(search({ q: 'x' }, { mondoId: 'search' }), {
      ok: true,
      path: {},
      query: { q: 'x', limit: 20, offset: 0, highlight: false, facets: false },
    });
  });
});
