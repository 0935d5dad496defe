import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, call } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import type { RunningServer } from '../helpers/server-process.ts';

// The inheritance and onset filters of /diseases/match on the real snapshot (a real server on an
// ephemeral port): the ranking is the same, restricted to the diseases whose record has any of the
// given values; filters combine with AND; `total` counts the diseases the filter keeps.
let server: RunningServer;
let keys: Record<string, string>;

before(async () => {
  ({ server, keys } = await startRealServer([{ tier: 'developer', name: 'dev' }]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

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
    assert.deepEqual(await ranked(`${HUNTINGTON}&onset=childhood&limit=2`), {
      ids: ['MONDO:0007739', 'MONDO:0011487'],
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
      ids: ['MONDO:0010523', 'MONDO:0018305'],
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
