import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MATCH_TERMS_MAX } from '../../server/routes/match-routes.ts';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import type { RunningServer } from '../helpers/server-process.ts';

const BASE = 'https://disease-content-service.dev/problems/';
let server: RunningServer;
let keys: Record<string, string>;

before(async () => {
  ({ server, keys } = await startRealServer([{ tier: 'developer', name: 'dev' }]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const get = (path: string, headers: Record<string, string> = bearer(keys.dev)) => call(server.url, path, { headers });
const match = (q: string) => get(`/api/v1/diseases/match?${q}`);
const top = async (q: string, n = 1): Promise<string[]> => {
  const r = await match(q);
  assert.equal(r.status, 200, r.body.toString());
  assert.deepEqual(schemaErrors('MatchResponse', r.json()), []);
  return r
    .json()
    .data.slice(0, n)
    .map((d: { id: string }) => d.id);
};

function invalid(r: RawResponse): { name: string; reason: string; detail: string }[] {
  assert.equal(r.status, 400);
  assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  assert.equal(r.json().type, `${BASE}invalid-parameters`);
  return r.json().invalidParams;
}

describe('GET /diseases/match on the real snapshot: textbook presentations', () => {
  test('cystic fibrosis: bronchiectasis, pancreatic insufficiency, meconium ileus, raised sweat chloride, recurrent infections', async () => {
    const r = await match('phenotypes=HP:0002110,HP:0001738,HP:0004401,HP:0012236,HP:0002205&excluded=HP:0000365&limit=2');
    assert.equal(r.status, 200);
    const body = r.json();
    assert.deepEqual(schemaErrors('MatchResponse', body), []);
    assert.deepEqual(
      body.data.map((d: { id: string }) => d.id),
      ['MONDO:0009061', 'MONDO:0009062'],
    );
    const cf = body.data[0];
    assert.equal(cf.name, 'cystic fibrosis');
    // Each query term met by the same term in the record, with the frequency the sources give.
    assert.deepEqual(
      cf.explanation.phenotypes.map((p: { query: { hpoId: string }; match: string; annotated: { hpoId: string; frequency: unknown } }) => [
        p.query.hpoId,
        p.match,
        p.annotated.hpoId,
        p.annotated.frequency,
      ]),
      [
        ['HP:0002110', 'exact', 'HP:0002110', { value: 0.955, text: '106/111' }],
        ['HP:0001738', 'exact', 'HP:0001738', { value: 0.407, text: '11/27' }],
        ['HP:0004401', 'exact', 'HP:0004401', { value: 0.17, text: 'Occasional' }],
        ['HP:0012236', 'exact', 'HP:0012236', { value: 1, text: '77/77' }],
        ['HP:0002205', 'exact', 'HP:0002205', { value: 0.895, text: 'Very frequent' }],
      ],
    );
    assert.deepEqual(
      cf.explanation.excluded.map((e: { usuallyPresent: boolean | null }) => e.usuallyPresent),
      [false],
    );
    // The parts add up to the score.
    const parts = [...cf.explanation.phenotypes, ...cf.explanation.excluded, cf.explanation.unmentioned].reduce(
      (sum: number, p: { contribution: number }) => sum + p.contribution,
      0,
    );
    assert.ok(Math.abs(parts - cf.score) < 0.01, `${parts} vs ${cf.score}`);
  });

  test('achondroplasia: rhizomelia, macrocephaly, frontal bossing, midface hypoplasia, trident hand; thanatophoric dysplasia, its FGFR3 sibling, next', async () => {
    assert.deepEqual(await top('phenotypes=HP:0008905,HP:0000256,HP:0002007,HP:0011800,HP:0004060', 2), ['MONDO:0007037', 'MONDO:0017042']);
  });

  test('Huntington disease: chorea, dementia, caudate atrophy, depression; Huntington disease-like 2 ranks just above', async () => {
    assert.deepEqual(await top('phenotypes=HP:0002072,HP:0000726,HP:0002340,HP:0000716', 2), ['MONDO:0011671', 'MONDO:0007739']);
  });
});

describe('GET /diseases/match: a relative explains what a subtype lacks', () => {
  test('juvenile Huntington disease: caudate atrophy comes from Huntington disease, its parent; the parts add up to the score', async () => {
    const r = await match('phenotypes=HP:0002072,HP:0000726,HP:0002340,HP:0000716&onset=childhood&limit=2');
    assert.equal(r.status, 200);
    const body = r.json();
    assert.deepEqual(schemaErrors('MatchResponse', body), []);
    const juvenile = body.data[1];
    assert.deepEqual([juvenile.id, juvenile.name], ['MONDO:0016621', 'juvenile Huntington disease']);
    assert.deepEqual(
      juvenile.explanation.phenotypes.map(
        (p: { query: { hpoId: string }; match: string; annotated: { hpoId: string; frequency: unknown }; relative: unknown }) => [
          p.query.hpoId,
          p.match,
          p.annotated.hpoId,
          p.annotated.frequency,
          p.relative,
        ],
      ),
      [
        ['HP:0002072', 'exact', 'HP:0002072', { value: 0.545, text: 'Frequent' }, null],
        ['HP:0000726', 'exact', 'HP:0000726', { value: 0.545, text: 'Frequent' }, null],
        // Its own list lacks caudate atrophy; Huntington disease's has it (occasional), counted at GROUP_CREDIT.
        [
          'HP:0002340',
          'exact',
          'HP:0002340',
          { value: 0.17, text: 'Occasional' },
          { id: 'MONDO:0007739', name: 'Huntington disease', relation: 'parent' },
        ],
        ['HP:0000716', 'exact', 'HP:0000716', { value: 0.545, text: 'Frequent' }, null],
      ],
    );
    const parts = [...juvenile.explanation.phenotypes, ...juvenile.explanation.excluded, juvenile.explanation.unmentioned].reduce(
      (sum: number, p: { contribution: number }) => sum + p.contribution,
      0,
    );
    assert.ok(Math.abs(parts - juvenile.score) < 0.01, `${parts} vs ${juvenile.score}`);
  });
});

describe('GET /diseases/match: input that needs care', () => {
  test('an alternative id counts as its current term, an unknown id is listed, both in meta', async () => {
    const r = await match('phenotypes=HP:0001275,HP:9999999,HP:0001252&limit=1');
    assert.equal(r.status, 200);
    const { meta } = r.json();
    assert.deepEqual(meta.phenotypes, {
      used: ['HP:0001250', 'HP:0001252'],
      replaced: [{ id: 'HP:0001275', replacedBy: 'HP:0001250', kind: 'alternative' }],
      unknown: ['HP:9999999'],
      obsolete: [],
      redundant: [],
    });
  });

  test('an obsolete id with a replacement is mapped; one without is listed as obsolete', async () => {
    const r = await match('phenotypes=HP:0003114,HP:0003295,HP:0001250&limit=1');
    assert.equal(r.status, 200);
    const { phenotypes } = r.json().meta;
    assert.deepEqual(phenotypes.replaced, [{ id: 'HP:0003114', replacedBy: 'HP:0001626', kind: 'obsolete' }]);
    assert.deepEqual(phenotypes.obsolete, ['HP:0003295']);
  });

  test('no known term is a 400 naming the ids; a malformed id is a 400 naming it', async () => {
    assert.deepEqual(invalid(await match('phenotypes=HP:9999999,HP:0003295')), [
      { name: 'phenotypes', reason: 'not-allowed-value', detail: 'no term the HPO release 2023-01-27 holds: HP:9999999, HP:0003295' },
    ]);
    assert.deepEqual(invalid(await match('phenotypes=HP:0001250,seizure&excluded=HP:12')), [
      { name: 'phenotypes', reason: 'malformed', detail: 'must be HP: followed by 7 digits (e.g. HP:0001250), got "seizure"' },
      { name: 'excluded', reason: 'malformed', detail: 'must be HP: followed by 7 digits (e.g. HP:0001250), got "HP:12"' },
    ]);
    assert.deepEqual(invalid(await match('limit=5')), [
      { name: 'phenotypes', reason: 'missing', detail: 'give phenotypes (HPO ids), text (a description) or both' },
    ]);
  });

  test(`at most ${MATCH_TERMS_MAX} terms in each list`, async () => {
    const many = Array.from({ length: MATCH_TERMS_MAX + 1 }, (_, i) => `HP:${String(1000 + i).padStart(7, '0')}`).join(',');
    assert.deepEqual(invalid(await match(`phenotypes=HP:0001250&excluded=${many}`)), [
      { name: 'excluded', reason: 'out-of-range', detail: `at most ${MATCH_TERMS_MAX} values, got ${MATCH_TERMS_MAX + 1}` },
    ]);
  });

  test('an ancestor of another query term is redundant; an excluded term counts against diseases that usually have it', async () => {
    const q = 'phenotypes=HP:0002616,HP:0001166,HP:0000098,HP:0000118&limit=100';
    const r = (await match(q)).json();
    assert.deepEqual(r.meta.phenotypes.redundant, ['HP:0000118']);
    const marfan = r.data.find((d: { id: string }) => d.id === 'MONDO:0007947');
    // Excluding ectopia lentis, which Marfan syndrome usually has (lens subluxation and lens luxation, both
    // frequent: the first in the record's order, FREQUENCY_RULE, is named), lowers it: a little, as a
    // feature recorded absent may still be there (EXCLUDED_NOISE).
    const ex = (await match(`${q}&excluded=HP:0001083,HP:0001166`)).json();
    const again = ex.data.find((d: { id: string }) => d.id === 'MONDO:0007947');
    assert.ok(again.score < marfan.score);
    assert.deepEqual(again.explanation.excluded, [
      {
        query: { hpoId: 'HP:0001083', label: 'Ectopia lentis' },
        usuallyPresent: true,
        annotated: { hpoId: 'HP:0001132', label: 'Lens subluxation', frequency: { value: 0.545, text: 'Frequent' } },
        contribution: -0.113,
      },
    ]);
    // An excluded term that is also observed is dropped, and said so.
    assert.deepEqual(ex.meta.excluded.used, ['HP:0001083']);
    assert.deepEqual(ex.meta.excluded.redundant, ['HP:0001166']);
  });

  test('filters and paging: isRare, gene; offset continues the ranking; the path is not a disease id', async () => {
    const q = 'phenotypes=HP:0001250,HP:0001263';
    const all = (await match(`${q}&limit=10`)).json();
    const second = (await match(`${q}&limit=5&offset=5`)).json();
    assert.deepEqual(
      second.data.map((d: { id: string }) => d.id),
      all.data.slice(5).map((d: { id: string }) => d.id),
    );
    assert.deepEqual(
      second.data.map((d: { rank: number }) => d.rank),
      [6, 7, 8, 9, 10],
    );
    const scn1a = (await match(`${q}&gene=scn1a&limit=100`)).json();
    assert.ok(scn1a.pagination.total > 0 && scn1a.pagination.total < 20);
    const common = (await match(`${q}&isRare=false&limit=100`)).json();
    for (const d of common.data) assert.equal(d.isRare, false);
  });

  test('needs an API key with the search scope', async () => {
    const r = await get('/api/v1/diseases/match?phenotypes=HP:0001250', {});
    assert.equal(r.status, 401);
  });
});

describe('HPO lookup', () => {
  test('/phenotypes?q= finds labels and synonyms, tolerates typos', async () => {
    for (const q of ['seizures', 'siezures', 'epilepsy']) {
      const r = await get(`/api/v1/phenotypes?q=${q}&limit=3`);
      assert.equal(r.status, 200);
      assert.deepEqual(schemaErrors('PhenotypeSearchResponse', r.json()), []);
      assert.equal(r.json().data[0].hpoId, 'HP:0001250', q);
    }
    const none = (await get('/api/v1/phenotypes?q=zzzzqqq')).json();
    assert.deepEqual(none.data, []);
  });

  test('/phenotypes/{hpoId}: the term, parents, children and its diseases, paged; alternative id answered with the current term', async () => {
    const r = await get('/api/v1/phenotypes/HP:0001275?limit=2');
    assert.equal(r.status, 200);
    const body = r.json();
    assert.deepEqual(schemaErrors('PhenotypeTermResponse', body), []);
    assert.equal(body.data.hpoId, 'HP:0001250');
    assert.deepEqual(body.meta.requested, { id: 'HP:0001275', replacedBy: 'HP:0001250', kind: 'alternative' });
    assert.deepEqual(body.data.parents, [{ hpoId: 'HP:0012638', label: 'Abnormal nervous system physiology' }]);
    assert.ok(body.data.children.some((c: { hpoId: string }) => c.hpoId === 'HP:0002069'));
    assert.equal(body.data.diseases.length, 2);
    assert.ok(body.pagination.total > 1000);
    const missing = await get('/api/v1/phenotypes/HP:9999999');
    assert.equal(missing.status, 404);
    assert.deepEqual(invalid(await get('/api/v1/phenotypes/HP:12')), [
      { name: 'hpoId', reason: 'malformed', detail: 'must be HP: followed by 7 digits (e.g. HP:0001250), got "HP:12"' },
    ]);
  });
});

// The inheritance and onset filters of /diseases/match on the real snapshot (a real server on an
// ephemeral port): the ranking is the same, restricted to the diseases whose record has any of the
// given values; filters combine with AND; `total` counts the diseases the filter keeps.
async function ranked(q: string): Promise<{ ids: string[]; ranks: number[]; total: number }> {
  const r = await call(server.url, `/api/v1/diseases/match?${q}`, { headers: bearer(keys.dev) });
  assert.equal(r.status, 200, r.body.toString());
  const body = r.json();
  assert.deepEqual(schemaErrors('MatchResponse', body), []);
  return {
    ids: body.data.map((d: { id: string }) => d.id),
    ranks: body.data.map((d: { rank: number }) => d.rank),
    total: body.pagination.total,
  };
}

// Chorea, dementia, caudate atrophy, depression (the Huntington presentation of test/e2e/match.test.ts).
const HUNTINGTON = 'phenotypes=HP:0002072,HP:0000726,HP:0002340,HP:0000716';
// Bronchiectasis, pancreatic insufficiency, meconium ileus, raised sweat chloride, recurrent infections; no hearing loss.
const CF = 'phenotypes=HP:0002110,HP:0001738,HP:0004401,HP:0012236,HP:0002205&excluded=HP:0000365';

describe('GET /diseases/match: inheritance and onset filters', () => {
  test('onset: Huntington disease-like 2 (adult onset only) drops out for a childhood onset; ranks restart at 1', async () => {
    assert.deepEqual(await ranked(`${HUNTINGTON}&limit=2`), {
      ids: ['MONDO:0011671', 'MONDO:0007739'],
      ranks: [1, 2],
      total: 10296,
    });
    // Juvenile Huntington disease second: Huntington disease, its parent, explains what its own list lacks.
    assert.deepEqual(await ranked(`${HUNTINGTON}&onset=childhood&limit=2`), {
      ids: ['MONDO:0007739', 'MONDO:0016621'],
      ranks: [1, 2],
      total: 2099,
    });
    // Any of the values: adult or elderly keeps both.
    assert.deepEqual(await ranked(`${HUNTINGTON}&onset=adult,elderly&limit=2`), {
      ids: ['MONDO:0011671', 'MONDO:0007739'],
      ranks: [1, 2],
      total: 1561,
    });
  });

  test('inheritance: any of the values; cystic fibrosis (autosomal recessive) is not among X-linked diseases', async () => {
    assert.deepEqual(await ranked(`${CF}&inheritance=x-linked-recessive,x-linked-dominant&limit=2`), {
      // Primary ciliary dyskinesia (one of its forms is X-linked recessive), then mucopolysaccharidosis type 2.
      ids: ['MONDO:0016575', 'MONDO:0010674'],
      ranks: [1, 2],
      total: 573,
    });
  });

  test('inheritance and onset together: both must hold', async () => {
    assert.deepEqual(await ranked(`${HUNTINGTON}&onset=childhood&inheritance=autosomal-dominant&limit=2`), {
      ids: ['MONDO:0007739', 'MONDO:0016621'],
      ranks: [1, 2],
      total: 814,
    });
  });
});
