import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkOtherNames, type NameFacts } from '../../build/record/name-checks.ts';
import type { Synonym } from '../../build/record/record-types.ts';
import { byHierarchy, nameWords } from '../../build/record/synonyms.ts';

/** Synonyms as the Mondo rare list (new-rare-diseases_2023-08.tsv) gives them: no scope. */
const unscoped = (text: string): Synonym => ({
  text,
  scope: 'unspecified',
  type: null,
  origin: 'mondo',
  sourceId: null,
  kind: 'name',
  relation: null,
});

/** A record's facts for OTHER_NAME_RULE: labels of other classes by their words, and no hierarchy unless given. */
function facts(id: string, label: string, labels: Record<string, string> = {}, geneSymbols: string[] = []): NameFacts {
  const byWords = new Map(Object.entries(labels).map(([other, l]) => [nameWords(l), [other]]));
  byWords.set(nameWords(label), [id]);
  return {
    id,
    label,
    labelOwners: (key) => byWords.get(key) ?? [],
    nameOwners: (key) => byWords.get(key) ?? [],
    ancestors: () => [],
    geneSymbols: new Set(geneSymbols.map((s) => s.toLowerCase())),
  };
}

const shown = (list: Synonym[]) => list.filter((s) => s.kind === 'name').map((s) => s.text);

describe('other names (OTHER_NAME_RULE), on rows of the Mondo rare list 2023-08', () => {
  test('Li-Fraumeni syndrome: a "-like" disease and a name broken by a Roman-numeral conversion are not its names', () => {
    const list = [
      'LFS',
      'Li-Fraumeni-like syndrome',
      'SBLA syndrome',
      'sarcoma family syndrome of 51 and Fraumeni',
      'sarcoma family syndrome of Li and Fraumeni',
    ].map(unscoped);
    const out = checkOtherNames(list, facts('MONDO:0018875', 'Li-Fraumeni syndrome'));
    assert.deepEqual(shown(out), ['LFS', 'SBLA syndrome', 'sarcoma family syndrome of Li and Fraumeni']);
    assert.deepEqual(
      out.filter((s) => s.kind === 'related').map((s) => s.relation),
      ['related', 'related'],
    );
  });
  test('Wilson disease: "Wnd", a previous symbol (WND) of its gene ATP7B recased, is not a name; an abbreviation in capitals is', () => {
    const out = checkOtherNames(
      ['WD', 'Wnd', "Wilson's disease"].map(unscoped),
      facts('MONDO:0010200', 'Wilson disease', {}, ['ATP7B', 'WND']),
    );
    assert.deepEqual(shown(out), ['WD', "Wilson's disease"]);
    const dfnb = checkOtherNames(
      [unscoped('DFNB8')],
      facts('MONDO:0010969', 'autosomal recessive nonsyndromic hearing loss 8', {}, ['TMPRSS3', 'DFNB8']),
    );
    assert.deepEqual(shown(dfnb), ['DFNB8']);
  });
  test('a string that says "(subtype)", the label restricted to a patient group, and a sentence are not names', () => {
    const mps = checkOtherNames(
      ['Hurler syndrome (subtype)', 'MPS1', 'attenuated MPS I (subtype, includes Hurler-Scheie and Scheie syndrome)'].map(unscoped),
      facts('MONDO:0001586', 'mucopolysaccharidosis type 1'),
    );
    assert.deepEqual(shown(mps), ['MPS1']);
    assert.equal(mps[0].relation, 'narrower');
    const crohn = checkOtherNames(
      ["pediatric Crohn's disease", 'regional enteritis'].map(unscoped),
      facts('MONDO:0005011', 'Crohn disease'),
    );
    assert.deepEqual(shown(crohn), ['regional enteritis']);
    const cataract = checkOtherNames(
      [unscoped('A cataract that has_material_basis_in heterozygous mutation in the CRYBA2 gene on chromosome 2q35.'), unscoped('CTRCT42')],
      facts('MONDO:0014618', 'cataract 42'),
    );
    assert.deepEqual(shown(cataract), ['CTRCT42']);
  });
  test('the label of another class that is not the same disease is not a name; a class that lists this label is the same disease', () => {
    const out = checkOtherNames(
      ['polymyalgia rheumatica', 'giant cell arteritis'].map(unscoped),
      facts('MONDO:0008710', 'temporal arteritis', { 'MONDO:0008326': 'polymyalgia rheumatica' }),
    );
    assert.deepEqual(shown(out), ['giant cell arteritis']);
  });
  test('a subtype written with a Roman numeral is matched to the child written in Arabic figures', () => {
    assert.equal(nameWords('maple syrup urine disease, type IA'), nameWords('maple syrup urine disease type 1A'));
    assert.notEqual(nameWords('X-linked ichthyosis'), nameWords('10-linked ichthyosis'));
    const owners = new Map([[nameWords('maple syrup urine disease type 1A'), ['MONDO:0100275']]]);
    const out = byHierarchy(
      'MONDO:0009563',
      ['maple syrup urine disease, type IA', 'MSUD'].map(unscoped),
      (key) => owners.get(key) ?? [],
      (id) => (id === 'MONDO:0100275' ? ['MONDO:0009563'] : []),
    );
    assert.deepEqual(shown(out), ['MSUD']);
  });
});
