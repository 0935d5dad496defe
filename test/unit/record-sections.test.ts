import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { SECTION_TITLES, composeSection, composeSections } from '../../build/record/sections.ts';
import { FactCheckError, checkSection, finalizeSections } from '../../build/record/fact-check.ts';
import type { Section, SectionKey } from '../../build/record/record-types.ts';
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
      [
        'Overview',
        'Clinical features',
        'Genetics',
        'Epidemiology',
        'Screening and diagnosis',
        'Treatment and management',
        'Research',
        'Support',
      ],
    );
    assert.equal(SECTION_TITLES['clinical-features'], 'Clinical features');
    assert.deepEqual(sections.genetics, {
      key: 'genetics',
      title: 'Genetics',
      generation: 'template',
      basedOn: ['inheritance', 'inheritanceSummary', 'genes', 'rollup'],
      paragraphs: [
        'Inheritance: autosomal recessive (HPO and Orphanet).',
        'Causal genes: CFTR (CF transmembrane conductance regulator).',
        'Other associated genes: SLC26A9 (modifier).',
      ],
    });
  });

  it('writes the cystic fibrosis sections from its facts, as a clinician reads them', () => {
    const s = composeSections(cysticFibrosisFacts());
    assert.deepEqual(s.overview.paragraphs, [
      'Cystic fibrosis is a rare disease. Definition (Orphanet, quoted as its export gives it, without commas): "A rare genetic pulmonary disorder characterized by sweat thick mucus secretions causing multisystem disease chronic infections of the lungs bulky diarrhea and short stature." It is inherited in an autosomal recessive pattern. It is caused by germline variants in CFTR.',
      'It can present at any age.',
      'It affects about 1 to 5 in 10 000 people (point prevalence, Europe; Orphanet, release 2025-12). Newborn screening: a core condition of the US Recommended Uniform Screening Panel (RUSP), listed as Cystic fibrosis.',
      // Approved products first, each with its first approval date (Kalydeco's latest indication is 2014-02-21).
      'Approved orphan drugs for it (FDA data to 2022-07): Pulmozyme (Dornase alfa), first approved 1993-12-30; Kalydeco (ivacaftor), first approved 2012-01-31. Read more: GeneReviews: https://www.ncbi.nlm.nih.gov/books/NBK1250; MedlinePlus: https://medlineplus.gov/genetics/condition/cystic-fibrosis; GARD: https://rarediseases.info.nih.gov/diseases/6233/cystic-fibrosis.',
      // The modifier entry is a related term, not a name: not shown.
      'Other names: CF; mucoviscidosis. Subtypes: cystic fibrosis-gastritis-megaloblastic anemia syndrome.',
    ]);
    // Each sentence keeps the fields it rests on.
    assert.deepEqual(s.overview.sentences?.[0], {
      text: 'Cystic fibrosis is a rare disease.',
      basedOn: ['name', 'isRare', 'computed.namedClasses'],
    });
    assert.deepEqual(s['clinical-features'].paragraphs, [
      'Most frequent first: Elevated sweat chloride (100%, 77 of 77 patients); Bronchiectasis (95%, 106 of 111 patients); Chronic sinusitis (53%, 59 of 112 patients); Exocrine pancreatic insufficiency (41%, 11 of 27 patients); Meconium ileus (occasional, 5-29%); Chronic lung disease (frequency not given).',
      'Recorded as absent: Polycystic kidney dysplasia.',
      'Age of onset: all ages.',
    ]);
    assert.deepEqual(s.epidemiology.paragraphs, [
      'Headline figure: point prevalence 1-5 / 10 000, Europe (Orphanet, release 2025-12).',
      'Other estimates: prevalence at birth 1-5 / 10 000 (Europe); point prevalence 1-9 / 100 000 (Austria).',
    ]);
    assert.deepEqual(s['screening-and-diagnosis'].paragraphs, [
      'Newborn screening: a core condition of the US Recommended Uniform Screening Panel (RUSP), listed as Cystic fibrosis (CF).',
      'Genetic testing: the causal gene is CFTR.',
      'Characteristic findings (very frequent or always present): Elevated sweat chloride; Bronchiectasis.',
      'Diagnosis codes: ICD10CM:E84; icd11.foundation:514403112; OMIM:219700; Orphanet:586.',
    ]);
    assert.deepEqual(s.treatment.paragraphs, [
      'FDA orphan drug designations naming this disease (FDA data to 2022-07): 2 (2 approved, 0 designated without approval, 0 withdrawn or revoked), for 2 products, 2 of them approved.',
      // The first approval date, then the latest indication with its own date.
      'Approved for this disease: Pulmozyme (Dornase alfa), first approved 1993-12-30; Kalydeco (ivacaftor), first approved 2012-01-31; latest indication 2014-02-21: "Treatment of cystic fibrosis (CF) in patients age 6 years and older who have one of the following mutations in the CFTR gene: G551D, G1244E, G1349D, G178R, G551S, S1251N, S1255P, S549N, or S549R."',
      'Listing here is not a treatment recommendation.',
    ]);
    assert.deepEqual(s.research.paragraphs, [
      'Matching studies in the registry sample: 2, of which 1 was active when the sample was taken.',
      'NCT04095078 (Recruiting as of 2021-09-22, start 2020-03-10): Ancillary Home Airway Clearance in CF Patients ( HomeCareSIMEOX ); NCT02730793 (Terminated as of 2021-09-22, Phase 2, start 2017-01-31): Aztreonam Aerosol to Treat Cystic Fibrosis Nasal Disease.',
      NOTICE,
    ]);
    assert.deepEqual(s.support.paragraphs, [
      'Patient organisations: National Organization for Rare Disorders (NORD) (https://rarediseases.org/).',
      'Information for patients and clinicians: MedlinePlus: https://medlineplus.gov/genetics/condition/cystic-fibrosis; GeneReviews: https://www.ncbi.nlm.nih.gov/books/NBK1250; GARD: https://rarediseases.info.nih.gov/diseases/6233/cystic-fibrosis.',
    ]);
    const all = SECTION_KEYS.flatMap((k) => s[k].paragraphs).join('\n');
    assert.doesNotMatch(all, /Mondo Disease Ontology|rare disease subset|content\//);
  });

  it('says plainly what is missing', () => {
    const s = composeSections(bareFacts());
    assert.deepEqual(
      SECTION_KEYS.map((k) => s[k].paragraphs),
      [
        ['Exercise intolerance, riboflavin-responsive is a disease. No definition is recorded for it.'],
        ['No clinical features are recorded for this disease in HPO or Orphanet.'],
        ['No mode of inheritance or gene is recorded for this disease.'],
        ['No prevalence figure is recorded for this disease (Orphanet gives none).'],
        ['Newborn screening: not on the US Recommended Uniform Screening Panel (RUSP), directly or through a grouping.'],
        ['No FDA orphan drug designation names this disease.'],
        [`No matching study is in the registry sample. ${NOTICE}`],
        ['No patient organisation, assistance program or information page is recorded for this disease.'],
      ],
    );
  });

  it('names ten phenotypes, most frequent first, counts the rest, and ignores input order', () => {
    const f = bareFacts();
    f.phenotypes = Array.from({ length: 13 }, (_, i) =>
      phenotype(`HP:00000${10 + i}`, `Feature ${String.fromCharCode(65 + i)}`, fraction(i + 1, 20)),
    );
    f.phenotypes.push(phenotype('HP:0000099', 'Banded', band('HP:0040281', 'Very frequent', [80, 99])));
    const text = composeSection('clinical-features', f).paragraphs[0];
    assert.equal(
      text,
      'Most frequent first: Banded (very frequent, 80-99%); Feature M (65%, 13 of 20 patients); ' +
        'Feature L (60%, 12 of 20 patients); Feature K (55%, 11 of 20 patients); Feature J (50%, 10 of 20 patients); Feature I (45%, 9 of 20 patients); ' +
        'Feature H (40%, 8 of 20 patients); Feature G (35%, 7 of 20 patients); Feature F (30%, 6 of 20 patients); Feature E (25%, 5 of 20 patients); and 4 more.',
    );
    const reversed = { ...f, phenotypes: [...f.phenotypes].reverse() };
    assert.deepEqual(composeSection('clinical-features', reversed).paragraphs, composeSection('clinical-features', f).paragraphs);
    assert.deepEqual(checkSection(composeSection('clinical-features', f), f), { ok: true, problems: [] });
  });

  it("breaks a frequency tie by the record's own source entries, then HPO id: never by label or a figure over other diseases", () => {
    const f = bareFacts();
    const frequent = band('HP:0040282', 'Frequent', [30, 79]);
    const orphanet = {
      source: 'orphanet' as const,
      release: '2025-12',
      diseaseId: 'ORPHA:1',
      frequencyRaw: null,
      evidence: null,
      references: [],
    };
    const both = phenotype('HP:0000003', 'Zeta', frequent);
    both.sources.push(orphanet);
    f.phenotypes = [phenotype('HP:0000002', 'Alpha', frequent), phenotype('HP:0000001', 'Beta', frequent), both];
    assert.equal(
      composeSection('clinical-features', f).paragraphs[0],
      'Most frequent first: Zeta (frequent, 30-79%); Beta (frequent, 30-79%); Alpha (frequent, 30-79%).',
    );
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
      'Newborn screening: it falls under Argininemia (ARG), a secondary condition of the US Recommended Uniform Screening Panel (RUSP).',
    );
    assert.deepEqual(checkSection(section, f), { ok: true, problems: [] });
  });
});

describe('checkSection', () => {
  it('passes every template section of both fixtures', () => {
    for (const facts of [cysticFibrosisFacts(), bareFacts()]) {
      for (const key of SECTION_KEYS) {
        assert.deepEqual(checkSection(composeSection(key, facts), facts), { ok: true, problems: [] }, `template ${key}`);
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
    // CFTR is a fact of the genetics section (and the overview), not of epidemiology.
    assert.deepEqual(checkSection(withExtra('epidemiology', 'CFTR is the gene.'), facts), {
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

describe('finalizeSections', () => {
  it('keeps template text that passes the checker', () => {
    const facts = cysticFibrosisFacts();
    assert.deepEqual(finalizeSections(facts), composeSections(facts));
  });

  it('stops the build, naming the disease, the section and each failing sentence (hard stop)', () => {
    const facts = cysticFibrosisFacts();
    const faulty = (key: SectionKey): Section => {
      const s = composeSection(key, facts);
      return key === 'treatment' ? { ...s, paragraphs: [...s.paragraphs, 'Orkambi is also used. It is safe.'] } : s;
    };
    assert.throws(
      () => finalizeSections(facts, { compose: faulty }),
      (err: unknown) => {
        assert.ok(err instanceof FactCheckError);
        assert.equal(err.diseaseId, 'MONDO:0009061');
        assert.equal(err.section, 'treatment');
        assert.deepEqual(err.failures, [{ sentence: 'Orkambi is also used.', problems: ['name Orkambi is not in the facts'] }]);
        assert.match(
          err.message,
          /^fact check failed for MONDO:0009061, section treatment: "Orkambi is also used\." \(name Orkambi is not in the facts\)$/,
        );
        return true;
      },
    );
  });

  it('rejects a classification the facts do not state', () => {
    const facts = cysticFibrosisFacts();
    assert.deepEqual(checkSection(withExtra('genetics', 'It is also inherited in an autosomal dominant pattern.'), facts), {
      ok: false,
      problems: ['classification "autosomal dominant" is not in the facts'],
    });
    assert.deepEqual(checkSection(withExtra('screening-and-diagnosis', 'It is a secondary condition.'), facts), {
      ok: false,
      problems: ['classification "secondary" is not in the facts'],
    });
  });
});
