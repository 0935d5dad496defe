import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readMondoJson } from '../../build/ingest/mondo-json.ts';
import { readMondoObo } from '../../build/ingest/mondo-obo.ts';
import { mondoFromOntology } from '../../build/ingest/mondo-release.ts';
import type { MondoOntology } from '../../build/ingest/source-types.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

const OBO = 'mondo.obo';
const JSON_FIXTURE = 'mondo.json';
const CF_DEF =
  'Cystic fibrosis (CF) is a genetic disorder that affects mostly the lungs, but also the pancreas, liver, kidneys, and intestine.';
const DISEASE_DEF =
  'A disease is a disposition to undergo pathological processes that exists in an organism because of one or more disorders in that organism.';

const EXPECTED: MondoOntology = {
  version: 'http://purl.obolibrary.org/obo/mondo/releases/2026-08-04/mondo.owl',
  terms: [
    {
      id: 'MONDO:0000001',
      label: 'disease',
      obsolete: false,
      definition: { text: DISEASE_DEF, references: ['OGMS:0000031'] },
      synonyms: [{ text: 'disorder', scope: 'exact', type: null, references: [] }],
      xrefs: [{ id: 'NCIT:C2991', sources: ['MONDO:equivalentTo'] }],
      parents: [],
      subsets: [],
      replacedBy: null,
      consider: [],
    },
    {
      id: 'MONDO:0009061',
      label: 'cystic fibrosis',
      obsolete: false,
      definition: { text: CF_DEF, references: ['PMID:20301428', 'https://medlineplus.gov/genetics/condition/cystic-fibrosis/'] },
      synonyms: [
        { text: 'CF', scope: 'exact', type: 'ABBREVIATION', references: ['MONDO:Lexical', 'OMIM:219700'] },
        { text: 'mucoviscidosis', scope: 'exact', type: null, references: ['DOID:1485', 'Orphanet:586'] },
        { text: 'cystic fibrosis of the pancreas', scope: 'related', type: null, references: [] },
        { text: 'CF lung disease', scope: 'narrow', type: 'OMO:0003000', references: [] },
      ],
      xrefs: [
        { id: 'DOID:1485', sources: ['MONDO:equivalentTo'] },
        { id: 'GARD:0006233', sources: ['MONDO:GARD'] },
        { id: 'MESH:D003550', sources: ['MONDO:equivalentTo'] },
        { id: 'OMIM:219700', sources: ['MONDO:equivalentTo', 'Orphanet:586/e'] },
        { id: 'https://rarediseases.info.nih.gov/diseases/6233/cystic-fibrosis', sources: [] },
      ],
      parents: ['MONDO:0000001'],
      subsets: ['gard_rare', 'rare'],
      replacedBy: null,
      consider: [],
    },
    {
      id: 'MONDO:0018917',
      label: 'obsolete Marfan syndrome',
      obsolete: true,
      definition: null,
      synonyms: [],
      xrefs: [],
      parents: [],
      subsets: [],
      replacedBy: 'MONDO:0007947',
      consider: ['MONDO:0007947'],
    },
    {
      id: 'MONDO:0016899',
      label: 'obsolete Duchenne and Becker muscular dystrophy',
      obsolete: true,
      definition: { text: 'A set of X-linked muscular dystrophies.', references: [] },
      synonyms: [],
      xrefs: [],
      parents: [],
      subsets: [],
      replacedBy: null,
      consider: ['MONDO:0010679', 'MONDO:0010311'],
    },
  ],
};

test('mondo.obo: labels, definitions with references, synonyms with scope and type, qualified xrefs, is_a, subsets, obsoletes', () => {
  assert.deepEqual(readMondoObo(gzFixture(OBO)), EXPECTED);
});

test('mondo.json (OBO Graphs): the same facts; xref sources only where the writer kept them', () => {
  const sourcesKept = new Set(['DOID:1485']);
  const expected = structuredClone(EXPECTED);
  for (const t of expected.terms) {
    t.xrefs = t.xrefs
      .filter((x) => !x.id.startsWith('http'))
      .map((x) => ({ id: x.id, sources: sourcesKept.has(x.id) ? ['MONDO:equivalentTo'] : [] }));
  }
  assert.deepEqual(readMondoJson(gzFixture(JSON_FIXTURE)), expected);
});

test('a full release gives classes, obsoletes, subsets, edges, definitions, synonyms and xref mappings', () => {
  const data = mondoFromOntology(readMondoObo(gzFixture(OBO)));
  assert.equal(data.version, '2026-08-04');
  assert.equal(data.from, 'ontology');
  assert.deepEqual(data.classes, [
    { id: 'MONDO:0000001', label: 'disease', hasTextDef: true },
    { id: 'MONDO:0009061', label: 'cystic fibrosis', hasTextDef: true },
    { id: 'MONDO:0018917', label: 'obsolete Marfan syndrome', hasTextDef: false },
    { id: 'MONDO:0016899', label: 'obsolete Duchenne and Becker muscular dystrophy', hasTextDef: true },
  ]);
  assert.deepEqual(data.obsoletes, [
    { id: 'MONDO:0018917', label: 'Marfan syndrome', replacedBy: 'MONDO:0007947', consider: ['MONDO:0007947'] },
    {
      id: 'MONDO:0016899',
      label: 'Duchenne and Becker muscular dystrophy',
      replacedBy: null,
      consider: ['MONDO:0010679', 'MONDO:0010311'],
    },
  ]);
  assert.deepEqual(data.subsets, [
    { id: 'MONDO:0009061', subset: 'gard_rare', group: '' },
    { id: 'MONDO:0009061', subset: 'rare', group: '' },
  ]);
  assert.deepEqual(data.edges, [{ child: 'MONDO:0009061', parent: 'MONDO:0000001' }]);
  assert.deepEqual(data.definitions.get('MONDO:0009061'), {
    id: 'MONDO:0009061',
    text: CF_DEF,
    date: '2026-08-04',
    commit: '',
    references: ['PMID:20301428', 'https://medlineplus.gov/genetics/condition/cystic-fibrosis/'],
  });
  assert.equal(data.definitions.has('MONDO:0016899'), false, 'obsolete classes define nothing served');
  assert.equal(data.synonyms.get('MONDO:0009061')?.length, 4);
  assert.deepEqual(
    data.xrefMappings.filter((m) => m.subject === 'MONDO:0009061').map((m) => [m.predicate, m.object]),
    [
      ['exactMatch', 'DOID:1485'],
      ['hasDbXref', 'GARD:0006233'],
      ['exactMatch', 'mesh:D003550'],
      ['exactMatch', 'OMIM:219700'],
    ],
  );
});

test('mondo.obo errors name the line', () => {
  const text = fixtureText(OBO);
  const cases: [string, string, string][] = [
    ['id: MONDO:0009061', 'id: MONDO:9061', 'line 17: malformed Mondo id "MONDO:9061"'],
    ['name: cystic fibrosis\n', '', 'line 16: [Term] MONDO:0009061 without a name'],
    ['def: "Cystic fibrosis (CF) is', 'def: Cystic fibrosis (CF) is', 'line 19: def: expected quoted text'],
    ['synonym: "mucoviscidosis" EXACT', 'synonym: "mucoviscidosis EXACT', 'line 23: synonym: unterminated quoted text'],
    [
      '"CF lung disease" NARROW',
      '"CF lung disease" SMALLER',
      'line 25: synonym: unknown synonym scope "SMALLER" (expected EXACT, RELATED, BROAD or NARROW)',
    ],
    [
      'xref: GARD:0006233 {source="MONDO:GARD"}',
      'xref: GARD:0006233 {source="MONDO:GARD"',
      'line 27: xref: unterminated {qualifier} block',
    ],
    ['cystic-fibrosis/]', 'cystic-fibrosis/', 'line 19: def: unterminated [dbxref list]'],
    ['name: disease\n', 'name: disease\nname: illness\n', 'line 12: name: second name for MONDO:0000001'],
    ['id: MONDO:0018917\n', '', 'line 37: "name" before the id of the [Term] at line 36'],
  ];
  for (const [from, to, message] of cases) {
    const file = tempFile('bad-mondo.obo', text.replace(from, to));
    assert.throws(() => readMondoObo(file), { message: `${file} ${message}` }, message);
  }
  const noId = tempFile('no-id.obo', 'format-version: 1.2\n\n[Term]\n\n[Term]\nid: MONDO:0000001\nname: disease\n');
  assert.throws(() => readMondoObo(noId), { message: `${noId} line 3: [Term] without an id` });
  const truncated = truncatedGz('mondo-truncated.obo.gz', text);
  assert.throws(() => readMondoObo(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
});

test('mondo.json errors give the JSON pointer', () => {
  const text = fixtureText(JSON_FIXTURE);
  const broken = tempFile('broken.json', text.slice(0, 200));
  assert.throws(
    () => readMondoJson(broken),
    (err: Error) => err.message.startsWith(`${broken}: invalid JSON: `),
  );
  const noNodes = tempFile('no-nodes.json', '{"graphs": [{"edges": []}]}');
  assert.throws(() => readMondoJson(noNodes), { message: `${noNodes} /graphs/0/nodes: missing OBO Graphs node list` });
  const badId = tempFile('bad-id.json', text.replace('MONDO_0009061"', 'MONDO_9061"'));
  assert.throws(() => readMondoJson(badId), {
    message: `${badId} /graphs/0/nodes/1/id: malformed Mondo id "http://purl.obolibrary.org/obo/MONDO_9061"`,
  });
  const badScope = tempFile('bad-scope.json', text.replace('"hasNarrowSynonym"', '"hasSmallerSynonym"'));
  assert.throws(() => readMondoJson(badScope), {
    message: `${badScope} /graphs/0/nodes/1/meta/synonyms/3/pred: unknown synonym predicate "hasSmallerSynonym" (expected hasExactSynonym, hasRelatedSynonym, hasBroadSynonym or hasNarrowSynonym)`,
  });
  const noLabel = tempFile('no-label.json', text.replace('"lbl": "cystic fibrosis"', '"lbl": ""'));
  assert.throws(() => readMondoJson(noLabel), { message: `${noLabel} /graphs/0/nodes/1/lbl: MONDO:0009061 without a label` });
});
