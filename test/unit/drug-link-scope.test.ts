import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type RelationLookups, containedRelation } from '../../build/record/designation-relation.ts';
import { splitWords } from '../../build/record/link-rules.ts';

/** The relation of `name` in a text of the FDA OOPD 2024-06 export, with the other disease names found there and what the disease's facts say. */
function relationIn(text: string, name: string, others: string[] = [], lookups: RelationLookups = {}): [string, string] {
  const tw = splitWords(text);
  const at = (n: string): [number, number] => {
    const w = splitWords(n).words;
    for (let i = 0; i + w.length <= tw.words.length; i++) if (w.every((x, k) => tw.words[i + k] === x)) return [i, i + w.length];
    throw new Error(`${n} not in ${text}`);
  };
  const [start, end] = at(name);
  const d = containedRelation(tw, start, end, others.map(at), lookups);
  return [d.relation, d.decidedBy];
}

describe('words that restrict nothing (LINK_RELATION_RULE, relation-scope.ts), on texts of the OOPD 2024-06 export', () => {
  test('every age, and an age from which on, are the whole disease', () => {
    assert.equal(
      relationIn('treatment of adult and pediatric patients 2 years of age and older with confirmed Fabry disease', 'Fabry disease')[0],
      'exact',
    );
    assert.equal(relationIn('Treatment of pediatric patients with ulcerative colitis', 'ulcerative colitis')[0], 'broader');
  });
  test("every type of the disease's subtypes is the whole disease; some of them are a part", () => {
    const text = "Replacement therapy in patients with types I, II, and III Gaucher's disease.";
    assert.equal(relationIn(text, "Gaucher's disease", [], { subtypeNumbers: new Set(['1', '2', '3']) })[0], 'exact');
    assert.deepEqual(relationIn(text, "Gaucher's disease"), ['broader', 'III']);
  });
  test("a word of the disease's own name before the matched words restricts nothing", () => {
    const text = 'Treatment of neuronal ceroid lipofuscinoses';
    assert.equal(relationIn(text, 'ceroid lipofuscinoses', [], { ownWord: (w) => w === 'neuronal' })[0], 'exact');
    assert.equal(relationIn(text, 'ceroid lipofuscinoses')[0], 'broader');
  });
  test("the disease's own manifestation or episodes are no complication", () => {
    const pain = 'Management of neuropathic pain in patients with postherpetic neuralgia';
    assert.equal(relationIn(pain, 'postherpetic neuralgia')[0], 'complication');
    assert.equal(relationIn(pain, 'postherpetic neuralgia', [], { ownManifestation: (w) => w.includes('pain') })[0], 'exact');
    assert.equal(relationIn('Treatment of bleeding episodes in patients with Factor VII Deficiency', 'Factor VII Deficiency')[0], 'exact');
    const attacks =
      'Amelioration of recurrent attacks of acute intermittent porphyria (AIP) temporarily related to the menstrual cycle in susceptible women and similar symptoms which occur in other patients with AIP, porphyria variegata and hereditary coproporphyria.';
    assert.notEqual(
      relationIn(attacks, 'hereditary coproporphyria', ['acute intermittent porphyria', 'AIP', 'porphyria variegata'])[0],
      'complication',
    );
    assert.equal(relationIn('Treatment of seizures in patients with mitochondrial disease', 'mitochondrial disease')[0], 'complication');
  });
});
