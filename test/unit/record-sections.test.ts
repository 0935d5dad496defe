import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { QcReport } from '../../build/record/qc.ts';
import { SECTION_TITLES, composeSection, composeSections } from '../../build/record/sections.ts';
import { checkSection, composeFactsOnly, finalizeSections } from '../../build/record/fact-check.ts';
import type { Section, SectionKey } from '../../build/record/types.ts';
import { bareFacts, band, cysticFibrosisFacts, fraction, phenotype } from '../fixtures/record-facts.ts';

const NOTICE = cysticFibrosisFacts().trials.notice;

/** A template section with one paragraph appended, as a faulty template would produce. */
function withExtra(key: SectionKey, extra: string): Section {
  const s = composeSection(key, cysticFibrosisFacts());
  return { ...s, paragraphs: [...s.paragraphs, extra] };
}

describe('composeSections', () => {
  it('orders and titles the eight sections', () => {
    assert.deepEqual(SECTION_KEYS, [
      'overview',
      'clinical-features',
      'genetics',
      'epidemiology',
      'screening-and-diagnosis',
      'treatment',
      'research',
      'support',
    ]);
    const sections = composeSections(cysticFibrosisFacts());
    assert.deepEqual(Object.keys(sections), SECTION_KEYS);
    assert.deepEqual(
      SECTION_KEYS.map((k) => sections[k].title),
      ['Overview', 'Clinical features', 'Genetics', 'Epidemiology', 'Screening and diagnosis', 'Treatment', 'Research', 'Support'],
    );
    assert.equal(SECTION_TITLES['clinical-features'], 'Clinical features');
    assert.deepEqual(sections.genetics, {
      key: 'genetics',
      title: 'Genetics',
      generation: 'template',
      basedOn: ['inheritance', 'genes'],
      paragraphs: [
        'Inheritance: Autosomal recessive.',
        'Associated genes (HGNC symbols, with association type): CFTR (causal); SLC26A9 (modifier).',
      ],
    });
  });

  it('writes the cystic fibrosis sections from its facts', () => {
    const s = composeSections(cysticFibrosisFacts());
    assert.deepEqual(s.overview.paragraphs, [
      'Cystic fibrosis (MONDO:0009061) is a disease class of the Mondo Disease Ontology. Mondo lists it in its rare disease subset.',
      'Definition (Orphanet): "A rare genetic pulmonary disorder characterized by sweat thick mucus secretions causing multisystem disease chronic infections of the lungs bulky diarrhea and short stature."',
      'Other names: CF; mucoviscidosis.',
      'In Mondo it is classified under respiratory system disorder (MONDO:0005087); autosomal recessive disease (MONDO:0006025). Mondo lists 1 more specific class: cystic fibrosis-gastritis-megaloblastic anemia syndrome (MONDO:0009062).',
    ]);
    assert.deepEqual(s['clinical-features'].paragraphs, [
      'HPO and Orphanet annotate 6 phenotypic features for this disease; 5 have frequency data.',
      'Most frequent first: Elevated sweat chloride (HP:0012236), 77/77 (100%); Bronchiectasis (HP:0002110), 106/111 (95%); Chronic sinusitis (HP:0011109), 59/112 (53%); Exocrine pancreatic insufficiency (HP:0001738), 11/27 (41%); Meconium ileus (HP:0004401), occasional (5-29%); Chronic lung disease (HP:0006528), frequency not given.',
      'Annotated as absent: Polycystic kidney dysplasia (HP:0000113).',
      'Age of onset: All ages.',
    ]);
    assert.deepEqual(s.epidemiology.paragraphs, [
      'Prevalence category in this record: rare.',
      'Orphanet gives 3 prevalence estimates: Prevalence at birth 1-5 / 10 000 in Europe; Point prevalence 1-5 / 10 000 in Europe; Point prevalence 1-9 / 100 000 in Austria.',
    ]);
    assert.deepEqual(s['screening-and-diagnosis'].paragraphs, [
      'It is a core condition of the Recommended Uniform Screening Panel (RUSP) for newborn screening, listed as Cystic fibrosis (CF). RUSP category: other.',
      'Codes mapped in Mondo: ICD10CM:E84; icd11.foundation:514403112; OMIM:219700; Orphanet:586.',
    ]);
    assert.deepEqual(s.treatment.paragraphs, [
      'FDA orphan drug records linked to this disease: 3 designation rows for 2 products; 2 with a marketing approval in force.',
      'ivacaftor (Kalydeco): designated 2006-12-20, approved 2012-01-31 and 2014-02-21, status approved; Dornase alfa (Pulmozyme): designated 1991-01-16, approved 1993-12-30, status approved.',
      'Listing here is not a treatment recommendation.',
    ]);
    assert.deepEqual(s.research.paragraphs, [
      NOTICE,
      'Matching studies in this sample: 2, of which 1 is marked active.',
      'NCT04095078 (Recruiting, start 2020-03-10): Ancillary Home Airway Clearance in CF Patients ( HomeCareSIMEOX ); NCT02730793 (Terminated, Phase 2, start 2017-01-31): Aztreonam Aerosol to Treat Cystic Fibrosis Nasal Disease.',
    ]);
    assert.deepEqual(s.support.paragraphs, [
      'Patient advocacy group: National Organization for Rare Disorders (NORD) (https://rarediseases.org/).',
      'No patient assistance program data source is available in this snapshot.',
      'No machine-readable source of patient assistance programs was obtainable; curated entries in content/assistance-programs/ are listed when present.',
      'MedlinePlus: https://medlineplus.gov/genetics/condition/cystic-fibrosis; GeneReviews: https://www.ncbi.nlm.nih.gov/books/NBK1250; NORD report: NORD:1026.',
    ]);
  });

  it('says plainly what is missing', () => {
    const s = composeSections(bareFacts());
    assert.deepEqual(
      SECTION_KEYS.map((k) => s[k].paragraphs),
      [
        [
          'Exercise intolerance, riboflavin-responsive (MONDO:0014795) is a disease class of the Mondo Disease Ontology. It is not in the Mondo rare disease subset.',
          'No definition is available from Mondo, Orphanet or the Disease Ontology for this disease.',
          'Mondo gives no parent class for this disease.',
        ],
        ['No phenotype annotations are available from HPO or Orphanet for this disease.', 'No age of onset is recorded for this disease.'],
        [
          'No mode of inheritance is recorded for this disease.',
          'No gene association is recorded in Mondo, Orphanet or HPO for this disease.',
        ],
        ['Prevalence category in this record: unknown.', 'No prevalence data is available from Orphanet for this disease.'],
        [
          'This disease is not on the Recommended Uniform Screening Panel (RUSP) for newborn screening, directly or through a grouping.',
          'Mondo maps this disease to no ICD, OMIM or Orphanet code.',
        ],
        ['No FDA orphan drug designation or approval is linked to this disease in this snapshot.'],
        [NOTICE, 'No study in this sample matches this disease.'],
        [
          'No patient advocacy group is linked to this disease in the sources consulted.',
          'No machine-readable directory of patient advocacy organisations was obtainable; curated entries in content/advocacy-groups/ are listed when present.',
          'No patient assistance program data source is available in this snapshot.',
          'No machine-readable source of patient assistance programs was obtainable; curated entries in content/assistance-programs/ are listed when present.',
          'No MedlinePlus, GeneReviews or NORD link is recorded for this disease.',
        ],
      ],
    );
  });

  it('names ten phenotypes, most frequent first, counts the rest, and ignores input order', () => {
    const f = bareFacts();
    f.phenotypes = Array.from({ length: 13 }, (_, i) =>
      phenotype(`HP:00000${10 + i}`, `Feature ${String.fromCharCode(65 + i)}`, fraction(i + 1, 20)),
    );
    f.phenotypes.push(phenotype('HP:0000099', 'Banded', band('HP:0040281', 'Very frequent', [80, 99])));
    const text = composeSection('clinical-features', f).paragraphs[1];
    assert.equal(
      text,
      'Most frequent first: Banded (HP:0000099), very frequent (80-99%); Feature M (HP:0000022), 13/20 (65%); ' +
        'Feature L (HP:0000021), 12/20 (60%); Feature K (HP:0000020), 11/20 (55%); Feature J (HP:0000019), 10/20 (50%); Feature I (HP:0000018), 9/20 (45%); ' +
        'Feature H (HP:0000017), 8/20 (40%); Feature G (HP:0000016), 7/20 (35%); Feature F (HP:0000015), 6/20 (30%); Feature E (HP:0000014), 5/20 (25%); and 4 more.',
    );
    const reversed = { ...f, phenotypes: [...f.phenotypes].reverse() };
    assert.deepEqual(composeSection('clinical-features', reversed).paragraphs, composeSection('clinical-features', f).paragraphs);
    assert.deepEqual(checkSection(composeSection('clinical-features', f), f), { ok: true, problems: [] });
  });

  it('describes screening through a grouping above the disease', () => {
    const f = bareFacts();
    // The RUSP row of content/curated/rusp.tsv; the year is synthetic (the transcription has none) to show the clause.
    f.screening = {
      ...f.screening,
      status: 'secondary',
      screened: true,
      via: 'grouping',
      condition: 'Argininemia',
      acronym: 'ARG',
      category: 'amino-acid',
      addedYear: 2001,
      ruspMondoId: 'MONDO:0008814',
    };
    const section = composeSection('screening-and-diagnosis', f);
    assert.equal(
      section.paragraphs[0],
      'It falls under Argininemia (ARG), MONDO:0008814, which is a secondary condition of the Recommended Uniform Screening Panel (RUSP) for newborn screening. RUSP category: amino-acid. Added to the panel in 2001.',
    );
    assert.deepEqual(checkSection(section, f), { ok: true, problems: [] });
  });
});

describe('checkSection', () => {
  it('passes every template and facts-only section of both fixtures', () => {
    for (const facts of [cysticFibrosisFacts(), bareFacts()]) {
      for (const key of SECTION_KEYS) {
        assert.deepEqual(checkSection(composeSection(key, facts), facts), { ok: true, problems: [] }, `template ${key}`);
        assert.deepEqual(checkSection(composeFactsOnly(key, facts), facts), { ok: true, problems: [] }, `facts-only ${key}`);
      }
    }
  });

  it('rejects a gene symbol, a number and a drug that are not in the facts', () => {
    const facts = cysticFibrosisFacts();
    assert.deepEqual(checkSection(withExtra('genetics', 'BRCA1 (causal).'), facts), {
      ok: false,
      problems: ['gene-like symbol BRCA1 is not in the facts'],
    });
    assert.deepEqual(checkSection(withExtra('epidemiology', '70 000 people are affected.'), facts), {
      ok: false,
      problems: ['number 70 is not in the facts'],
    });
    assert.deepEqual(checkSection(withExtra('treatment', 'lumacaftor and ivacaftor (Orkambi): approved in 2015.'), facts), {
      ok: false,
      problems: ['name Orkambi is not in the facts', 'number 2015 is not in the facts', 'drug-like name lumacaftor is not in the facts'],
    });
  });

  it('rejects unknown HPO ids, mismatched labels, fractions and links, and facts from another section', () => {
    const facts = cysticFibrosisFacts();
    assert.deepEqual(checkSection(withExtra('clinical-features', 'Seizure (HP:0001250).'), facts), {
      ok: false,
      problems: ['name Seizure is not in the facts', 'HPO id HP:0001250 is not in the facts'],
    });
    assert.deepEqual(checkSection(withExtra('clinical-features', 'Bronchiectasis (HP:0012236), 3/7.'), facts), {
      ok: false,
      problems: ['label before HP:0012236 is not its label in the facts (Elevated sweat chloride)', 'fraction 3/7 is not in the facts'],
    });
    assert.deepEqual(checkSection(withExtra('support', 'See https://www.cff.org/.'), facts), {
      ok: false,
      problems: ['name See is not in the facts', 'link https://www.cff.org/ is not in the facts'],
    });
    // CFTR is a fact of the genetics section, not of the overview.
    assert.deepEqual(checkSection(withExtra('overview', 'CFTR is the gene.'), facts), {
      ok: false,
      problems: ['gene-like symbol CFTR is not in the facts'],
    });
  });

  it('accepts rounded values, counts and "and N more"', () => {
    const facts = cysticFibrosisFacts();
    assert.deepEqual(checkSection(withExtra('clinical-features', 'Bronchiectasis (HP:0002110): 95.5%, 106/111, 6 features.'), facts), {
      ok: true,
      problems: [],
    });
    assert.deepEqual(checkSection(withExtra('clinical-features', 'Bronchiectasis (HP:0002110): 95.4%.'), facts), {
      ok: false,
      problems: ['number 95.4 is not in the facts'],
    });
  });
});

describe('composeFactsOnly', () => {
  it('writes one line per value, cut at ten with a note and no number', () => {
    const f = cysticFibrosisFacts();
    f.genes = Array.from({ length: 12 }, (_, i) => ({ ...f.genes[1], symbol: `SLC26A${i + 1}` }));
    const section = composeFactsOnly('genetics', f);
    assert.deepEqual(section.paragraphs, [
      'Inheritance: Autosomal recessive',
      ...Array.from({ length: 10 }, (_, i) => `Gene: SLC26A${i + 1} (causal)`),
      'More genes are listed in the genes field.',
    ]);
    assert.equal(section.generation, 'facts-only');
    assert.deepEqual(checkSection(section, f), { ok: true, problems: [] });
  });
});

describe('finalizeSections', () => {
  it('keeps template text that passes the checker', () => {
    const facts = cysticFibrosisFacts();
    const { sections, regenerated, problems } = finalizeSections(facts);
    assert.deepEqual(regenerated, []);
    assert.deepEqual(problems, {});
    assert.deepEqual(sections, composeSections(facts));
  });

  it('regenerates a failing section as facts-only text', () => {
    const facts = cysticFibrosisFacts();
    const faulty = (key: SectionKey): Section => {
      const s = composeSection(key, facts);
      return key === 'genetics'
        ? { ...s, paragraphs: [...s.paragraphs, 'BRCA1 is found in 42% of patients.'] }
        : key === 'treatment'
          ? { ...s, paragraphs: [...s.paragraphs, 'Orkambi is also used.'] }
          : s;
    };
    const { sections, regenerated, problems } = finalizeSections(facts, { compose: faulty });
    assert.deepEqual(regenerated, ['genetics', 'treatment']);
    assert.deepEqual(problems, {
      genetics: ['gene-like symbol BRCA1 is not in the facts', 'number 42 is not in the facts'],
      treatment: ['name Orkambi is not in the facts'],
    });
    assert.deepEqual(sections.genetics, {
      key: 'genetics',
      title: 'Genetics',
      generation: 'facts-only',
      basedOn: ['inheritance', 'genes'],
      paragraphs: ['Inheritance: Autosomal recessive', 'Gene: SLC26A9 (modifier)', 'Gene: CFTR (causal)'],
    });
    assert.deepEqual(sections.treatment.paragraphs, [
      'Orphan drug: ivacaftor (Kalydeco), designated 2006-12-20, approved 2012-01-31, status approved',
      'Orphan drug: ivacaftor (Kalydeco), designated 2006-12-20, approved 2014-02-21, status approved',
      'Orphan drug: Dornase alfa (Pulmozyme), designated 1991-01-16, approved 1993-12-30, status approved',
    ]);
    assert.equal(sections.overview.generation, 'template');
  });

  it("keeps the fact checker's findings in the QC report (tier 2) for editorial review", () => {
    const qc = new QcReport();
    qc.regenerate('MONDO:0009061', 'treatment', ['name Orkambi is not in the facts']);
    qc.regenerate('MONDO:0009061', 'genetics', ['number 42 is not in the facts']);
    assert.deepEqual((qc.toJSON() as { tier2: unknown }).tier2, {
      sectionsRegenerated: { genetics: 1, treatment: 1 },
      total: 2,
      regenerations: [
        { diseaseId: 'MONDO:0009061', section: 'treatment', problems: ['name Orkambi is not in the facts'] },
        { diseaseId: 'MONDO:0009061', section: 'genetics', problems: ['number 42 is not in the facts'] },
      ],
    });
  });
});
