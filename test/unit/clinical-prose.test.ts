import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { namedClasses, namesItself } from '../../build/record/class-naming.ts';
import { checkAgainstDefinition, checkSection, unmarkedLostCharacters } from '../../build/record/fact-check.ts';
import { type Hallmark, diagnosticFindings } from '../../build/record/hallmarks.ts';
import { hallmarkFrequency } from '../../build/record/prose/overview-words.ts';
import { productName, type RecordFacts } from '../../build/record/record-facts.ts';
import type { GeneEntry, OrphanDrugEntry, Synonym } from '../../build/record/record-types.ts';
import { composeSection } from '../../build/record/sections.ts';
import { treatmentText } from '../../build/record/sections-care.ts';
import { genesSentence } from '../../build/record/prose/overview-genes.ts';
import { commasLost, inheritanceSentence, overviewText, subjectName } from '../../build/record/prose/sections-overview.ts';
import { byHierarchy } from '../../build/record/synonyms.ts';
import { markLostCharacters } from '../../build/record/text-repair.ts';
import { cysticFibrosisFacts, fraction, phenotype } from '../fixtures/record-facts.ts';

const ORPHA_ROW = { source: 'orphanet' as const, release: '2025-12' };

describe('class naming: never a class that names the disease itself', () => {
  test('a label that contains the name or another name, or adds "and related disorders" to it', () => {
    assert.equal(namesItself('Huntington disease and related disorders', 'Huntington disease'), true);
    assert.equal(namesItself('Marfan and Marfan-related disorder', 'Marfan syndrome'), true);
    assert.equal(
      namesItself(
        'cerebral arteriopathy with subcortical infarcts and leukoencephalopathy',
        'cerebral arteriopathy, autosomal dominant, with subcortical infarcts and leukoencephalopathy, type 1',
        ['CADASIL', 'cerebral arteriopathy with subcortical infarcts and leukoencephalopathy'],
      ),
      true,
    );
  });
  test('a group the disease belongs to is kept', () => {
    assert.equal(namesItself('sphingolipidosis', 'Gaucher disease'), false);
    assert.equal(namesItself('mucopolysaccharidosis type 2', 'mucopolysaccharidosis type 2, severe form'), false);
    assert.equal(namesItself('RASopathy', 'Noonan syndrome'), false);
    assert.equal(namesItself('human herpesvirus 8-related tumor', "Kaposi's sarcoma", ['human herpesvirus 8']), false);
    assert.deepEqual(
      namedClasses(
        'Huntington disease',
        [
          { id: 'a', name: 'Huntington disease and related disorders' },
          { id: 'b', name: 'neurodegenerative disease' },
        ],
        (id) => (id === 'a' ? 3 : 90),
        true,
      ).map((c) => c.name),
      ['neurodegenerative disease'],
    );
  });
});

describe('other names: a name of a class above or below is not a name of the disease', () => {
  const name = (text: string): Synonym => ({
    text,
    scope: 'unspecified',
    type: null,
    origin: 'mondo',
    sourceId: null,
    kind: 'name',
    relation: null,
  });
  const owners: Record<string, string[]> = { neurofibromatosis: ['P'], 'maternal phenylketonuria': ['C', 'X'], nf1: ['X', 'Q'] };
  const ancestors: Record<string, string[]> = { X: ['P'], C: ['X', 'P'], Q: [] };
  test('broader when an ancestor has it, narrower when a descendant has it, else a name', () => {
    const out = byHierarchy(
      'X',
      [name('neurofibromatosis'), name('maternal phenylketonuria'), name('NF1')],
      (k) => owners[k] ?? [],
      (id) => ancestors[id] ?? [],
    );
    assert.deepEqual(
      out.map((s) => [s.text, s.kind, s.relation]),
      [
        ['neurofibromatosis', 'related', 'broader'],
        ['maternal phenylketonuria', 'related', 'narrower'],
        ['NF1', 'name', null],
      ],
    );
  });
});

const gene = (
  symbol: string,
  association: GeneEntry['association'],
  sources: [GeneEntry['sources'][number]['source'], string][],
): GeneEntry => ({
  symbol,
  hgncId: `HGNC:${symbol}`,
  name: symbol,
  association,
  sources: sources.map(([source, raw]) => ({ source, release: 'r', raw, sourceSymbol: symbol })),
});

describe('cause: only what the source relation says', () => {
  test('a fusion gene is said per source, never as "caused by variants"', () => {
    const f: RecordFacts = {
      ...cysticFibrosisFacts(),
      genes: [
        gene('CREB1', 'causal', [
          ['mondo-ingest', 'has material basis in germline mutation in'],
          ['orphanet', 'Part of a fusion gene in'],
        ]),
        gene('EWSR1', 'fusion', [['orphanet', 'Part of a fusion gene in']]),
      ],
    };
    assert.equal(
      genesSentence(f),
      'Orphanet records CREB1 and EWSR1 as part of a fusion gene in it; Mondo records germline variants in CREB1.',
    );
  });
  test('the fact check rejects a fusion gene said to cause the disease', () => {
    const f: RecordFacts = {
      ...cysticFibrosisFacts(),
      genes: [gene('CREB1', 'causal', [['orphanet', 'Part of a fusion gene in']])],
    };
    assert.deepEqual(checkAgainstDefinition([{ text: 'It is caused by germline variants in CREB1.', basedOn: ['genes'] }], f), [
      '"It is caused by germline variants in CREB1." says CREB1 causes it, but a source gives CREB1 as somatic or a fusion gene',
    ]);
  });
  test('a germline cause no source contradicts', () => {
    const f: RecordFacts = {
      ...cysticFibrosisFacts(),
      genes: [gene('HTT', 'causal-gain-of-function', [['orphanet', 'Disease-causing germline mutation(s) (gain of function) in']])],
    };
    assert.equal(genesSentence(f), 'It is caused by germline variants in HTT.');
  });
  test('another mode of inheritance names its source', () => {
    const f: RecordFacts = {
      ...cysticFibrosisFacts(),
      inheritance: [
        {
          term: 'autosomal-dominant',
          label: 'Autosomal dominant',
          hpoId: 'HP:0000006',
          sources: [{ source: 'hpo', release: 'r', raw: 'HP:0000006' }],
        },
        {
          term: 'x-linked-recessive',
          label: 'X-linked recessive',
          hpoId: 'HP:0001419',
          sources: [{ source: 'orphanet', release: 'r', raw: 'X-linked recessive' }],
        },
      ],
      inheritanceSummary: { primary: 'x-linked-recessive', primaryLabel: 'X-linked recessive', basis: 'b', conflicts: [] },
    };
    assert.equal(inheritanceSentence(f), 'It is inherited in an X-linked recessive pattern (also recorded: autosomal dominant, by HPO).');
  });
  test('an inverted label gives way to the same name in natural order as the subject', () => {
    const syn = (text: string): Synonym => ({
      text,
      scope: 'exact',
      type: null,
      origin: 'orphanet',
      sourceId: null,
      kind: 'name',
      relation: null,
    });
    assert.equal(
      subjectName({ name: 'histiocytoma, Angiomatoid fibrous', synonyms: [syn('AFH'), syn('angiomatoid fibrous histiocytoma')] }),
      'angiomatoid fibrous histiocytoma',
    );
    assert.equal(subjectName({ name: 'mucopolysaccharidosis type 2, severe form', synonyms: [syn('MPS2A')] }), null);
    assert.equal(subjectName({ name: 'cystic fibrosis', synonyms: [syn('fibrosis cystic')] }), null);
  });
});

describe('definitions', () => {
  test('a long Orphanet definition without a comma is said to have lost its commas; a short one or another source is not', () => {
    const d = cysticFibrosisFacts().definition!;
    assert.equal(commasLost(d), true);
    assert.equal(commasLost({ ...d, text: 'A rare disorder of leucine metabolism with a variable picture.' }), false);
    assert.equal(commasLost({ ...d, source: 'mondo' }), false);
  });
});

describe('diagnostic laboratory findings (DIAGNOSTIC_RULE)', () => {
  const lab = (hpoId: string, score: number, parts: Partial<Hallmark['parts']>, laboratory = true): Hallmark => ({
    hpoId,
    label: hpoId,
    score,
    laboratory,
    parts: { frequency: 0.7, frequencyGiven: false, specificity: 1, namedInDefinition: false, sourcesAgree: false, ...parts },
  });
  test('a finding the definition names or both curations annotate comes before one that is only frequent', () => {
    const hyperphe = lab('HP:0008283', 0.5, { frequency: 0.545, frequencyGiven: true, sourcesAgree: true });
    const hippuric = lab('HP:0003546', 0.6, { frequency: 1, frequencyGiven: true });
    assert.deepEqual(diagnosticFindings([hippuric, hyperphe]), [hyperphe]);
  });
  test('without one, a finding counted very frequent; a finding without a frequency or only frequent is not diagnostic', () => {
    const ck = lab('HP:0003236', 0.6, { frequency: 0.895, frequencyGiven: true });
    const hematuria = lab('HP:0000790', 0.5, {});
    const pyruvate = lab('HP:0003542', 0.5, { frequency: 0.545, frequencyGiven: true });
    assert.deepEqual(diagnosticFindings([hematuria, ck, pyruvate]), [ck]);
    assert.deepEqual(diagnosticFindings([hematuria, pyruvate]), []);
  });
});

describe('frequency per source where the curations disagree (FREQUENCY_AGREEMENT_RULE)', () => {
  test('an OMIM cohort against an Orphanet band', () => {
    const p = phenotype('HP:0001738', 'Exocrine pancreatic insufficiency', fraction(11, 27), {
      sources: [
        { source: 'hpo', release: 'r', diseaseId: 'OMIM:219700', frequencyRaw: '11/27', evidence: 'PCS', references: [] },
        { ...ORPHA_ROW, diseaseId: 'ORPHA:586', frequencyRaw: 'Very frequent (99-80%)', evidence: null, references: [] },
      ],
    });
    assert.equal(hallmarkFrequency(p), '11/27 by HPO, very frequent by Orphanet');
  });
  test('agreeing bands, and a count of fewer than five patients, give the consolidated frequency', () => {
    const agree = phenotype('HP:0002110', 'Bronchiectasis', fraction(106, 111), {
      sources: [
        { source: 'hpo', release: 'r', diseaseId: 'OMIM:219700', frequencyRaw: '106/111', evidence: 'PCS', references: [] },
        { ...ORPHA_ROW, diseaseId: 'ORPHA:586', frequencyRaw: 'Very frequent (99-80%)', evidence: null, references: [] },
      ],
    });
    assert.equal(hallmarkFrequency(agree), '95%');
    const edge = phenotype('HP:0002616', 'Aortic root aneurysm', fraction(45, 58), {
      sources: [
        { source: 'hpo', release: 'r', diseaseId: 'OMIM:154700', frequencyRaw: '45/58', evidence: 'PCS', references: [] },
        { ...ORPHA_ROW, diseaseId: 'ORPHA:558', frequencyRaw: 'Very frequent (99-80%)', evidence: null, references: [] },
      ],
    });
    assert.equal(hallmarkFrequency(edge), '78%', 'a value at the edge of the other band is no disagreement');
    const small = phenotype('HP:0002110', 'Bronchiectasis', fraction(1, 3), {
      frequencyBasis: 'small-count',
      sources: [
        { source: 'hpo', release: 'r', diseaseId: 'OMIM:219700', frequencyRaw: '1/3', evidence: 'PCS', references: [] },
        { ...ORPHA_ROW, diseaseId: 'ORPHA:586', frequencyRaw: 'Very frequent (99-80%)', evidence: null, references: [] },
      ],
    });
    assert.equal(hallmarkFrequency(small), '1 of 3 reported');
  });
});

/** An approved FDA entry of the cystic fibrosis fixture with its own name, relation and texts. */
function drug(
  genericName: string,
  tradeName: string | null,
  relation: OrphanDrugEntry['relation'],
  extra: Partial<OrphanDrugEntry> = {},
): OrphanDrugEntry {
  const base = cysticFibrosisFacts().orphanDrugs[1];
  const link = { ...base.link, relation, decidedBy: relation === 'exact' ? base.link.decidedBy : 'in patients with' };
  return { ...base, genericName, tradeName, relation, link, links: [link], ...extra };
}

describe('lost characters of the FDA export (LOST_CHARACTER_RULE)', () => {
  test('marked, never guessed; a product is named by its intact name', () => {
    assert.equal(markLostCharacters('human ?-glucocerebrosidase'), 'human [?]-glucocerebrosidase');
    assert.equal(productName({ genericName: 'recombinant human ?-glucocerebrosidase', tradeName: 'Cerezyme' }), 'Cerezyme');
    assert.equal(productName({ genericName: 'idursulfase', tradeName: 'Elaprase?' }), 'idursulfase');
  });
  test('the treatment section quotes an indication with a lost character only marked, with a note, and passes the fact check', () => {
    const indication = 'Long-term enzyme replacement therapy with human ?-glucocerebrosidase for patients with cystic fibrosis';
    const f: RecordFacts = {
      ...cysticFibrosisFacts(),
      orphanDrugs: [
        drug('imiglucerase', 'Cerezyme', 'exact', {
          approvedIndication: indication,
          marketingApprovalDate: '1994-05-23',
          approvals: [
            { indication: null, date: '1994-05-23', exclusivityEndDate: null },
            { indication, date: '2001-01-02', exclusivityEndDate: null },
          ],
        }),
      ],
    };
    const text = treatmentText(f).join(' ');
    assert.match(text, /human \[\?\]-glucocerebrosidase/);
    assert.match(text, /\[\?\] marks a character the FDA export lost\./);
    assert.deepEqual(unmarkedLostCharacters([text], f), []);
    assert.deepEqual(checkSection(composeSection('treatment', f), f).problems, []);
    assert.deepEqual(unmarkedLostCharacters([indication], f), ['FDA text with a lost character shown unmarked: "human ?-gluco"']);
  });
});

describe('overview treatments by relation', () => {
  test('products for a subset or a complication are said to be so, after those for the disease itself', () => {
    const f: RecordFacts = {
      ...cysticFibrosisFacts(),
      orphanDrugs: [
        drug('Dornase alfa', 'Pulmozyme', 'exact'),
        drug('tobramycin', 'TOBI', 'complication'),
        drug('ivacaftor', 'Kalydeco', 'broader'),
      ],
    };
    const treatment = overviewText(f).find((p) => p.startsWith('Approved'))!;
    assert.match(
      treatment,
      /^Approved orphan drugs for it \(FDA data to 2022-07\): Pulmozyme \(Dornase alfa\), first approved 1993-12-30\. Approved for a subset of patients only \(a stage, subtype or patient group\): Kalydeco \(ivacaftor\), first approved 1993-12-30\. Approved for a condition in patients with it: TOBI \(tobramycin\), first approved 1993-12-30\./,
    );
    assert.deepEqual(checkSection(composeSection('overview', f), f).problems, []);
  });
});
