import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GardDisease, GardXref, SssomMapping } from '../../build/ingest/source-types.ts';
import { gardLinks, gardUrl, joinGard } from '../../build/record/gard-links.ts';

const disease = (id: string, name: string, synonyms: string[] = []): GardDisease => ({
  id,
  name,
  synonyms,
  dataSource: 'Orphanet',
  sourceId: null,
  classificationLevel: 'Disorder',
  disorderType: 'Disease',
});
const xref = (gardId: string, source: string, sourceId: string, relation = 'Exact'): GardXref => ({ gardId, source, sourceId, relation });
const mondoXref = (subject: string, object: string): SssomMapping => ({
  subject,
  predicate: 'hasDbXref',
  object,
  objectLabel: null,
  justification: 'semapv:ManualMappingCuration',
});

test('GARD page URLs: the number without zeros and the name as GARD slugs it', () => {
  assert.equal(
    gardUrl('GARD:0009930', 'Hyperinsulinemic hypoglycemia, familial, 3'),
    'https://rarediseases.info.nih.gov/diseases/9930/hyperinsulinemic-hypoglycemia-familial-3',
  );
  assert.equal(gardUrl('GARD:0005740', "Addison's disease"), 'https://rarediseases.info.nih.gov/diseases/5740/addisons-disease');
  assert.equal(
    gardUrl('GARD:0000001', 'Sjögren–Larsson syndrome (SLS)'),
    'https://rarediseases.info.nih.gov/diseases/1/sjogren-larsson-syndrome-sls',
  );
});

test('GARD joins by Mondo xref and by GARD exact OMIM / Orphanet codes; each link lists every path', () => {
  const diseases = [
    disease('GARD:0006233', 'Cystic fibrosis', ['CF']),
    disease('GARD:0005810', 'Angelman syndrome'),
    disease('GARD:0000099', 'Only via BTNT'),
  ];
  const xrefs = [
    xref('GARD:0006233', 'OMIM', '219700'),
    xref('GARD:0006233', 'Orphanet', '586'),
    xref('GARD:0006233', 'ICD-10', 'E84.0'),
    xref('GARD:0005810', 'OMIM', '105830'),
    xref('GARD:0000099', 'Orphanet', '586', 'BTNT'),
  ];
  const exactToMondo = new Map([
    ['OMIM:219700', ['MONDO:0009061']],
    ['Orphanet:586', ['MONDO:0009061']],
    ['OMIM:105830', ['MONDO:0007113']],
  ]);
  const mappings = [
    mondoXref('MONDO:0009061', 'GARD:0006233'),
    mondoXref('MONDO:0009061', 'GARD:0099999'),
    mondoXref('MONDO:0000001', 'GARD:0005810'),
  ];
  const joined = joinGard(diseases, xrefs, mappings, exactToMondo, new Set(['MONDO:0009061', 'MONDO:0007113']));
  assert.deepEqual([...joined.keys()].sort(), ['MONDO:0007113', 'MONDO:0009061']);
  assert.deepEqual(gardLinks(joined.get('MONDO:0009061')!), [
    {
      id: 'GARD:0006233',
      name: 'Cystic fibrosis',
      url: 'https://rarediseases.info.nih.gov/diseases/6233/cystic-fibrosis',
      via: ['mondo-xref', 'gard-omim-exact', 'gard-orphanet-exact'],
    },
  ]);
  assert.deepEqual(
    joined.get('MONDO:0007113')!.map((m) => [m.disease.id, m.via]),
    [['GARD:0005810', ['gard-omim-exact']]],
  );
});

test('a GARD disease joined to several classes stays where most paths agree', () => {
  const pompe = disease('GARD:0005714', 'Glycogen storage disease due to acid maltase deficiency', ['Pompe disease']);
  const exactToMondo = new Map([
    ['OMIM:232300', ['MONDO:0017694']],
    ['Orphanet:365', ['MONDO:0009290']],
  ]);
  const joined = joinGard(
    [pompe],
    [xref('GARD:0005714', 'OMIM', '232300'), xref('GARD:0005714', 'Orphanet', '365')],
    [mondoXref('MONDO:0009290', 'GARD:0005714')],
    exactToMondo,
    new Set(['MONDO:0009290', 'MONDO:0017694']),
  );
  assert.deepEqual(
    [...joined].map(([id, m]) => [id, m.map((x) => x.via)]),
    [['MONDO:0009290', [['mondo-xref', 'gard-orphanet-exact']]]],
  );
});
