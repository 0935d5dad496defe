import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ANNOTATE_LIMITS } from '../../server/contract/api/annotate.ts';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { api } from '../helpers/json-api.ts';

const BASE = 'https://disease-content-service.dev/problems/';
let server: RunningServer;
let keys: Record<string, string>;

before(async () => {
  ({ server, keys } = await startRealServer([{ tier: 'developer', name: 'dev' }]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const get = (path: string) => call(server.url, path, { headers: bearer(keys.dev) });
const annotate = (text: string) => get(`/api/v1/phenotypes/annotate?text=${encodeURIComponent(text)}`);
const post = (body: unknown, contentType?: string) =>
  api(server.url, '/api/v1/phenotypes/annotate', { method: 'POST', key: keys.dev, body, contentType });

/** [text, hpoId, flags] of each mention of a 200 answer. */
function mentions(r: RawResponse): [string, string, string][] {
  assert.equal(r.status, 200, r.body.toString());
  assert.deepEqual(schemaErrors('AnnotateResponse', r.json()), []);
  return r
    .json()
    .data.map((m: { text: string; hpoId: string; negated: boolean; uncertain: boolean; experiencer: string }) => [
      m.text,
      m.hpoId,
      [m.negated && 'negated', m.uncertain && 'uncertain', m.experiencer === 'family' && 'family'].filter(Boolean).join(' '),
    ]);
}

function problemOf(status: number, kind: string, r: { status: number; headers: unknown; json: unknown }): any {
  assert.equal(r.status, status);
  const body = r.json as any;
  assert.equal(body.type, `${BASE}${kind}`);
  return body;
}

describe('GET /phenotypes/annotate on the real snapshot', () => {
  test('a clinical description: each finding, negated, uncertain and about a relative', async () => {
    const text =
      'A 4-year-old boy with global developmental delay, hypotonia and seizures since infancy. There is no hearing loss, and nystagmus was not observed. Possible ptosis. His mother had migraine.';
    const r = await annotate(text);
    assert.deepEqual(mentions(r), [
      ['global developmental delay', 'HP:0001263', ''],
      ['hypotonia', 'HP:0001252', ''],
      ['seizures', 'HP:0001250', ''],
      ['hearing loss', 'HP:0000365', 'negated'],
      ['nystagmus', 'HP:0000639', 'negated'],
      ['ptosis', 'HP:0000508', 'uncertain'],
      ['migraine', 'HP:0002076', 'family'],
    ]);
    const first = r.json().data[0];
    assert.deepEqual([first.start, first.end, first.label], [22, 48, 'Global developmental delay']);
    // "no" before it, and "not observed" after the next finding, which reaches back over it too.
    assert.deepEqual(r.json().data[3].cues, [
      { kind: 'negation', start: 97, end: 99, text: 'no' },
      { kind: 'negation', start: 132, end: 144, text: 'not observed' },
    ]);
    assert.deepEqual(r.json().meta.terms, {
      present: ['HP:0001263', 'HP:0001252', 'HP:0001250'],
      excluded: ['HP:0000365', 'HP:0000639'],
      uncertain: ['HP:0000508'],
      family: ['HP:0002076'],
    });
    assert.equal(r.headers['cache-control'], 'private, no-cache');
  });

  test('word order, adjective forms, a short form the text defines, and coordinated findings', async () => {
    assert.deepEqual(
      mentions(await annotate('She has hypoplastic radii, short stature and a ventricular septal defect (VSD); the VSD was repaired.')),
      [
        ['hypoplastic radii', 'HP:0002984', ''],
        ['short stature', 'HP:0004322', ''],
        ['ventricular septal defect', 'HP:0001629', ''],
        ['VSD', 'HP:0001629', ''],
        ['VSD', 'HP:0001629', ''],
      ],
    );
    assert.deepEqual(mentions(await annotate('Cleft lip and palate with hypoplastic kidneys and an atrial septal defect.')), [
      ['Cleft lip and palate', 'HP:0000175', ''],
      ['hypoplastic kidneys', 'HP:0000089', ''],
      ['atrial septal defect', 'HP:0001631', ''],
    ]);
  });

  test('a text without terms is an empty list, not an error', async () => {
    const r = await annotate('The weather was fine and the family went home.');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json().data, []);
  });

  test('malformed input is a 400 naming each bad parameter; a text over the limit a 413', async () => {
    const missing = await get('/api/v1/phenotypes/annotate?txt=seizures');
    assert.equal(missing.status, 400);
    assert.deepEqual(
      missing.json().invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [
        ['txt', 'unknown-parameter'],
        ['text', 'missing'],
      ],
    );
    const empty = await get('/api/v1/phenotypes/annotate?text=');
    assert.equal(empty.status, 400);
    assert.deepEqual(
      empty.json().invalidParams.map((p: { name: string }) => p.name),
      ['text'],
    );
    const long = await annotate('seizures '.repeat(700).trim());
    const p = problemOf(413, 'content-too-large', { status: long.status, headers: long.headers, json: long.json() });
    assert.equal(
      p.detail,
      'text has 6299 characters; a query takes at most 6000. POST longer texts to /api/v1/phenotypes/annotate as {"text": ...}.',
    );
  });
});

describe('POST /phenotypes/annotate', () => {
  test('a long text in a JSON body: the same answer as the GET form, never stored', async () => {
    const sentence = 'The proband had seizures and hypotonia but no ataxia. ';
    const r = await post({ text: sentence.repeat(200) });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    assert.equal(r.json.data.length, 600);
    assert.deepEqual(r.json.meta.terms, { present: ['HP:0001250', 'HP:0001252'], excluded: ['HP:0001251'], uncertain: [], family: [] });
  });

  test('bad bodies: each bad member named; 415 for another media type; 413 over the limit', async () => {
    const bad = await post({ text: 5, note: 'x' });
    problemOf(400, 'invalid-parameters', bad);
    assert.deepEqual(
      bad.json.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [
        ['/note', 'unknown-parameter'],
        ['/text', 'wrong-type'],
      ],
    );
    assert.deepEqual(
      (await post({})).json.invalidParams.map((p: { name: string }) => p.name),
      ['/text'],
    );
    problemOf(415, 'unsupported-media-type', await post('text=seizures', 'text/plain'));
    const big = await post({ text: 'x'.repeat(ANNOTATE_LIMITS.bodyBytes) });
    const p = problemOf(413, 'content-too-large', big);
    assert.equal(p.detail, `The body is over ${ANNOTATE_LIMITS.bodyBytes} bytes, the most this endpoint reads.`);
  });
});

describe('GET /diseases/match?text=', () => {
  test('a description ranks as its terms would, and the answer shows what it read', async () => {
    const text = 'Bronchiectasis, pancreatic insufficiency and meconium ileus; no hearing loss. Possible nasal polyps.';
    const r = await get(`/api/v1/diseases/match?text=${encodeURIComponent(text)}&limit=1`);
    assert.equal(r.status, 200, r.body.toString());
    const body = r.json();
    assert.deepEqual(schemaErrors('MatchResponse', body), []);
    assert.equal(body.data[0].id, 'MONDO:0009061');
    assert.deepEqual(
      body.meta.text.terms.map((t: { hpoId: string; read: string }) => [t.hpoId, t.read]),
      [
        ['HP:0002110', 'observed'],
        ['HP:0001738', 'observed'],
        ['HP:0004401', 'observed'],
        // Meconium ileus is an ileus: the re-ranker keeps this finding nested in the longer one.
        ['HP:0002595', 'observed'],
        ['HP:0000365', 'excluded'],
        ['HP:0100582', 'uncertain'],
      ],
    );
    assert.deepEqual(body.meta.phenotypes.used, ['HP:0002110', 'HP:0001738', 'HP:0004401']);
    assert.deepEqual(body.meta.excluded.used, ['HP:0000365']);
  });

  test('a description without terms is an empty ranking; neither ids nor text is a 400', async () => {
    const r = await get('/api/v1/diseases/match?text=nothing%20to%20see%20here');
    assert.equal(r.status, 200);
    assert.deepEqual([r.json().data, r.json().meta.text.terms], [[], []]);
    const none = await get('/api/v1/diseases/match?limit=5');
    assert.equal(none.status, 400);
    assert.deepEqual(
      none.json().invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [['phenotypes', 'missing']],
    );
  });
});
