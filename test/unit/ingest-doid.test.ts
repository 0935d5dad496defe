import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDoidObo } from '../../build/ingest/doid-obo.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

const FIXTURE = 'doid_DO_rare_slim.obo';

test('DO OBO: data-version and [Term] stanzas with defs, scoped synonyms, xrefs, obsolete flag', () => {
  assert.deepEqual(readDoidObo(gzFixture(FIXTURE)), {
    dataVersion: 'doid/releases/2026-07-31/subsets/DO_rare_slim.obo',
    terms: [
      {
        id: 'DOID:0040093',
        name: 'drug-induced lupus erythematosus',
        definition: 'A lupus erythematosus caused by chronic use of certain drugs.',
        definitionReferences: ['url:https://www.ncbi.nlm.nih.gov/pubmed/1378852'],
        synonyms: [
          { text: 'DIL', scope: 'exact' },
          { text: 'DILE', scope: 'exact' },
        ],
        xrefs: ['ICD10CM:M32.0', 'MESH:C000730515', 'NCI:C114354', 'ORDO:231111', 'SNOMEDCT_US_2025_09_01:80258006', 'UMLS_CUI:C0263591'],
        obsolete: false,
      },
      {
        id: 'DOID:0050026',
        name: 'human monocytic ehrlichiosis',
        definition:
          'An ehrlichiosis that results in infection located in monocyte or located in macrophage, has_material_basis_in Ehrlichia chaffeensis, which is transmitted by black-legged tick (Ixodes scapularis), transmitted by western black-legged tick (Ixodes pacificus) or transmitted by castor bean tick (Ixodes ricinus). The infection has symptom headache, has symptom muscle aches, has symptom fatigue, has symptom fever and has symptom rash.',
        definitionReferences: ['url:https://rarediseases.org/rare-diseases/human-monocytic-ehrlichiosis-hme/'],
        synonyms: [{ text: 'Ehrlichiosis chafeensis', scope: 'related' }],
        xrefs: ['GARD:72'],
        obsolete: false,
      },
      {
        id: 'DOID:0050786',
        name: 'obsolete iridogoniodysgenesis syndrome',
        definition:
          'An iris disease that is characterized by the iris stroma being hypoplastic resulting from abnormalities in the differentiation of the anterior segment structures and increased values of intraocular pressure and has_material_basis_in autosomal dominant inheritance of mutations in the PITX2 gene.',
        definitionReferences: [
          'url:http://disorders.eyes.arizona.edu/category/alternate-names/iridogoniodysgenesis-syndrome',
          'url:https://www.ncbi.nlm.nih.gov/pubmed/19175065',
        ],
        synonyms: [
          { text: 'IGDS', scope: 'exact' },
          { text: 'IRID 1', scope: 'exact' },
          { text: 'IRID 2', scope: 'exact' },
          { text: 'iridogoniodysgenesis type 1', scope: 'exact' },
          { text: 'iridogoniodysgenesis type 2', scope: 'exact' },
        ],
        xrefs: ['GARD:3026', 'ORDO:98634'],
        obsolete: true,
      },
    ],
  });
});

test('DO OBO: escapes in quoted text are undone; Typedef stanzas and unknown tags are ignored', () => {
  const file = tempFile(
    'escapes.obo',
    [
      'format-version: 1.2',
      '',
      '[Term]',
      'id: DOID:1',
      'name: a \\"quoted\\" name',
      'def: "Says \\"hi\\" with a back\\\\slash\\nand a line." [url:https\\://x.org]',
      'synonym: "broad one" BROAD []',
      'xref: MIM:123 "a description"',
      'foo: bar',
      '',
      '[Typedef]',
      'id: part_of',
      'name: part of',
      '',
    ].join('\n'),
  );
  assert.deepEqual(readDoidObo(file), {
    dataVersion: null,
    terms: [
      {
        id: 'DOID:1',
        name: 'a "quoted" name',
        definition: 'Says "hi" with a back\\slash\nand a line.',
        definitionReferences: ['url:https://x.org'],
        synonyms: [{ text: 'broad one', scope: 'broad' }],
        xrefs: ['MIM:123'],
        obsolete: false,
      },
    ],
  });
});

test('DO OBO: malformed id, unterminated def and unknown scope name the line', () => {
  const text = fixtureText(FIXTURE);
  const badId = tempFile('bad-id.obo.gz', text.replace('id: DOID:0050026', 'id: DOID:x50026'));
  assert.throws(() => readDoidObo(badId), { message: `${badId} line 27: malformed DOID id "DOID:x50026"` });
  const open = tempFile('open-def.obo', text.replace('symptom rash." [url', 'symptom rash. [url'));
  assert.throws(() => readDoidObo(open), { message: `${open} line 31: unterminated quoted text` });
  const scope = tempFile('scope.obo', text.replace('"DIL" EXACT', '"DIL" SAME'));
  assert.throws(() => readDoidObo(scope), { message: `${scope} line 17: unknown synonym scope "SAME"` });
});

test('DO OBO: truncated gzip', () => {
  const file = truncatedGz('doid-truncated.obo.gz', fixtureText(FIXTURE));
  assert.throws(() => readDoidObo(file), { message: `${file}: truncated or corrupt gzip data` });
});
