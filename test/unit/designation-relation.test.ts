import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readOrphanDesignations } from '../../build/ingest/fda-oopd.ts';
import { NameIndex } from '../../build/record/name-index.ts';
import { QcReport } from '../../build/record/qc.ts';
import { linkDesignations } from '../../build/record/text-links.ts';
import { fixture } from '../fixtures/ingest/fixture-files.ts';

/**
 * LINK_RELATION_RULE on rows of the FDA OOPD 2024-06 export (test/fixtures/ingest/oopd_relations.csv, rows
 * copied as exported), linked to classes with Mondo's labels and synonyms (ids made up) and causal genes.
 */
const CLASSES: { id: string; name: string; parent?: string; synonyms?: string[]; genes?: string[] }[] = [
  { id: 'R:1', name: 'glioblastoma', synonyms: ['glioblastoma multiforme'] },
  { id: 'R:2', name: 'astrocytoma' },
  { id: 'R:3', name: 'oligodendroglioma' },
  { id: 'R:4', name: 'soft tissue sarcoma' },
  { id: 'R:5', name: 'rhabdomyosarcoma' },
  { id: 'R:6', name: 'achromatopsia' },
  { id: 'R:7', name: 'achromatopsia 3', parent: 'R:6', genes: ['CNGB3'] },
  { id: 'R:8', name: 'ischemia reperfusion injury' },
  { id: 'R:9', name: 'cystic fibrosis', genes: ['CFTR'] },
  { id: 'R:10', name: 'thyroid gland follicular carcinoma', synonyms: ['follicular thyroid carcinoma'] },
  { id: 'R:11', name: 'thyroid gland medullary carcinoma', synonyms: ['medullary thyroid carcinoma'] },
  { id: 'R:12', name: 'thyroid gland undifferentiated (anaplastic) carcinoma', synonyms: ['anaplastic thyroid carcinoma'] },
  { id: 'R:13', name: 'thyroid gland papillary carcinoma', synonyms: ['papillary thyroid cancer'] },
  { id: 'R:14', name: 'hemophilia' },
  { id: 'R:15', name: 'acute radiation syndrome' },
  { id: 'R:16', name: 'porphyria' },
  { id: 'R:17', name: 'obesity due to pro-opiomelanocortin deficiency', synonyms: ['POMC deficiency'], genes: ['POMC'] },
  { id: 'R:18', name: 'hypertrophic cardiomyopathy' },
  { id: 'R:19', name: 'hypertrophic cardiomyopathy 4', parent: 'R:18', genes: ['MYBPC3'] },
  { id: 'R:20', name: 'Tay-Sachs disease' },
  { id: 'R:21', name: 'Sandhoff disease' },
  { id: 'R:22', name: 'thrombocytopenia' },
  { id: 'R:23', name: 'non-small cell lung carcinoma', synonyms: ['non-small cell lung cancer'] },
  { id: 'R:24', name: 'cytomegalovirus retinitis' },
  { id: 'R:25', name: 'pulmonary emphysema', synonyms: ['emphysema'] },
  { id: 'R:26', name: 'Parkinson disease' },
  { id: 'R:27', name: 'insulinoma' },
  { id: 'R:28', name: 'type 1 diabetes mellitus', synonyms: ['type 1 diabetes'] },
  { id: 'R:29', name: 'metastatic melanoma' },
];

function fixtureIndex(): NameIndex {
  const parent = new Map(CLASSES.filter((c) => c.parent).map((c) => [c.id, c.parent!]));
  const byGene = new Map<string, string[]>();
  for (const c of CLASSES) for (const g of c.genes ?? []) byGene.set(g, [...(byGene.get(g) ?? []), c.id]);
  const index = new NameIndex(
    (id) => (parent.has(id) ? [parent.get(id)!] : []),
    (symbol) => byGene.get(symbol) ?? [],
  );
  for (const c of CLASSES) {
    index.add(c.id, c.name, 'name');
    for (const s of c.synonyms ?? []) index.add(c.id, s, 'synonym');
  }
  return index;
}

/** Every (CF Grid Key, disease) entry of the fixture: its relation and the words that decided it. */
function relations(): Map<string, [string, string]> {
  const rows = readOrphanDesignations(fixture('oopd_relations.csv'));
  const out = new Map<string, [string, string]>();
  for (const [id, entries] of linkDesignations(rows, fixtureIndex(), '2024-06-05', new QcReport()))
    for (const e of entries) {
      const l = e.links.find((x) => x.relation === e.relation)!;
      out.set(`${e.fdaUrl!.replace(/.*cfgridkey=/, '')} ${id}`, [e.relation, l.decidedBy]);
    }
  return out;
}

describe('relations of FDA designations (LINK_RELATION_RULE)', () => {
  const got = relations();
  if (process.env.SHOW) console.log([...got].map(([k, v]) => `${k}\t${v.join('\t')}`).join('\n'));
  const cases: [string, string, string, string, string][] = [
    // [rule, CF Grid Key, disease, relation, decidedBy]
    ['a member listed after "including" and a condition', '805820', 'R:1', 'narrower', 'malignant gliomas (including'],
    ['... every member of that list', '805820', 'R:3', 'narrower', 'malignant gliomas (including'],
    ['... without brackets', '638418', 'R:5', 'narrower', 'soft tissue sarcomas including'],
    ['the last of sibling forms named together', '344011', 'R:12', 'narrower', 'follicular, medullary, and anaplastic thyroid carcinoma'],
    ['a qualifier binds to the list member it stands before', '344011', 'R:13', 'broader', 'metastatic or locally advanced'],
    ['a setting after the name', '862021', 'R:8', 'broader', 'during liver transplantation'],
    ['a setting before the name is the use of the product', '497715', 'R:1', 'exact', 'glioblastoma multiforme'],
    [
      'the patients of the disease with another condition',
      '398013',
      'R:9',
      'complication',
      'cystic fibrosis patients with Pseudomonas aeruginosa lung infections',
    ],
    [
      '... and the same in an approval ("P.aeruginosa" is one phrase)',
      '84494',
      'R:9',
      'complication',
      'infections of Pseudomonas aeruginosa in',
    ],
    ['one part of a syndrome', '541816', 'R:15', 'broader', 'hematopoietic syndrome of'],
    ['one variant of a disease', '645518', 'R:16', 'broader', 'cutaneous variants of'],
    [
      "mutations of the disease's own gene restrict nothing",
      '514815',
      'R:17',
      'exact',
      'POMC) deficiency (mutations in the POMC: its own gene)',
    ],
    ['mutations of a gene of one subtype restrict the group', '511615', 'R:6', 'broader', 'mutations in the CNGB3'],
    ['... as does "a mutation" in a gene not the disease\'s own', '963623', 'R:18', 'broader', 'mutation in the MYBPC3'],
    [
      'bleeding episodes are the disease\'s own, even after a misspelt "prophylaxis": the inhibitors restrict it',
      '356111',
      'R:14',
      'broader',
      'inhibitors to coagulation factor',
    ],
    [
      'a member of a bracketed list after a condition',
      '232206',
      'R:21',
      'narrower',
      'GM-2 gangliosidoses (Tay-Sachs disease and Sandhoff disease',
    ],
    ['... or after "specifically"', '188804', 'R:27', 'narrower', 'gastroenteropancreatic (GEP) neuroendocrine tumors (specifically'],
    ['a bracket that says what is done lists no members', '308810', 'R:22', 'exact', 'thrombocytopenia'],
    ['"with" a feature after the name', '644518', 'R:23', 'broader', 'with MET genomic tumor'],
    ['"in patients with" another condition after the name', '59591', 'R:24', 'broader', 'in patients with AIDS'],
    ['a cause after the name', '550716', 'R:25', 'broader', 'due to alpha1-antitrypsin deficiency'],
    ['"an adjuvant to" another drug restricts nothing (the qualifier before the name decides)', '583', 'R:26', 'broader', 'idiopathic'],
    [
      '"<name> patients with" a state of the disease is one patient group',
      '284009',
      'R:28',
      'broader',
      'Type 1 diabetes patients with residual beta cell function',
    ],
    ['a stage in brackets right after the name', '128199', 'R:29', 'broader', 'Stages II, III, and'],
    ['"resulting from" after the name is a cause', '968723', 'R:8', 'broader', 'resulting from solid organ transplantation'],
  ];
  for (const [rule, key, id, relation, decidedBy] of cases)
    test(`${rule}: ${key} on ${id}`, () => assert.deepEqual(got.get(`${key} ${id}`), [relation, decidedBy]));

  test('the approval of a designation links through the same rules (TOBI: "cystic fibrosis patients with P.aeruginosa")', () => {
    const rows = readOrphanDesignations(fixture('oopd_relations.csv')).filter((r) => r.designationKey === '84494');
    const [entry] = linkDesignations(rows, fixtureIndex(), '2024-06-05', new QcReport()).get('R:9')!;
    assert.deepEqual(
      entry.links.map((l) => [l.field, l.relation, l.decidedBy]),
      [
        ['designation', 'complication', 'infections of Pseudomonas aeruginosa in'],
        ['approvedIndication', 'complication', 'cystic fibrosis patients with P.aeruginosa'],
      ],
    );
  });
});
