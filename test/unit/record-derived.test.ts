import { consolidateInheritance } from '../../build/record/inheritance.ts';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computeFields } from '../../build/record/computed.ts';
import { COMPUTED_FIELDS } from '../../build/record/computed-fields.ts';
import { CLASSIFICATION_RULES, classify, researchFromCounts } from '../../build/record/classification.ts';
import { QUALITY_FORMULA, QUALITY_WEIGHTS, qualityScore } from '../../build/record/quality.ts';
import type { OrphanDrugEntry, Section, SectionKey } from '../../build/record/record-types.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { bareFacts, cysticFibrosisFacts } from '../fixtures/record-facts.ts';

const REFERENCE = { referenceDate: '2022-07-01' };

/** An FDA designation row without approval, dated as given; `withdrawn` gives it a withdrawal date. */
function designation(dateDesignated: string, withdrawn: string | null = null): OrphanDrugEntry {
  return {
    genericName: 'example-mab',
    tradeName: null,
    status: withdrawn ? 'withdrawn' : 'designated',
    designation: 'Treatment of the disease',
    dateDesignated,
    dateWithdrawn: withdrawn,
    approvedIndication: null,
    marketingApprovalDate: null,
    exclusivityEndDate: null,
    sponsor: null,
    designationStatus: withdrawn ? 'Designated/Designation Withdrawn or Revoked' : 'Designated',
    fdaUrl: null,
    relation: 'exact',
    link: {
      method: 'exact-name',
      matchedText: 'exercise intolerance, riboflavin-responsive',
      field: 'designation',
      relation: 'exact',
      decidedBy: 'the whole text names the disease',
    },
    links: [
      {
        method: 'exact-name',
        matchedText: 'exercise intolerance, riboflavin-responsive',
        field: 'designation',
        relation: 'exact',
        decidedBy: 'the whole text names the disease',
      },
    ],
    approvals: [],
    textRepairs: [],
    provenance: { source: 'fda-oopd', release: '2022-07' },
  };
}

describe('computeFields', () => {
  it('derives the cystic fibrosis fields', () => {
    assert.deepEqual(computeFields(cysticFibrosisFacts()), {
      phenotypeCount: 6,
      phenotypeWithFrequencyCount: 5,
      veryFrequentPhenotypeCount: 2,
      negatedPhenotypeCount: 1,
      geneCount: 2,
      causalGeneCount: 1,
      otherAssociatedGeneCount: 1,
      synonymCount: 3,
      otherNameCount: 2,
      xrefSystemCount: 5,
      hasOmim: true,
      hasOrphanet: true,
      hasIcd10: true,
      hasIcd11: true,
      inheritanceModeCount: 1,
      primaryInheritance: 'autosomal-recessive',
      earliestOnset: 'all-ages',
      prevalenceRecordCount: 3,
      hasPrevalenceData: true,
      orphanDrugCount: 2,
      orphanDrugProductCount: 2,
      approvedOrphanDrugCount: 2,
      approvedDesignationCount: 2,
      designatedOrphanDrugCount: 0,
      withdrawnOrphanDrugCount: 0,
      latestOrphanApprovalYear: 2014,
      latestOrphanDesignationYear: 2006,
      trialCount: 2,
      activeTrialCount: 1,
      isScreened: true,
      screeningStatus: 'core',
      parentCount: 2,
      childCount: 1,
      isLeaf: false,
      definitionSource: 'orphanet',
      hallmarks: [],
      namedClasses: [],
      sourceCount: 9,
    });
  });

  it('derives empty values for a bare record', () => {
    assert.deepEqual(computeFields(bareFacts()), {
      phenotypeCount: 0,
      phenotypeWithFrequencyCount: 0,
      veryFrequentPhenotypeCount: 0,
      negatedPhenotypeCount: 0,
      geneCount: 0,
      causalGeneCount: 0,
      otherAssociatedGeneCount: 0,
      synonymCount: 0,
      otherNameCount: 0,
      xrefSystemCount: 0,
      hasOmim: false,
      hasOrphanet: false,
      hasIcd10: false,
      hasIcd11: false,
      inheritanceModeCount: 0,
      primaryInheritance: null,
      earliestOnset: null,
      prevalenceRecordCount: 0,
      hasPrevalenceData: false,
      orphanDrugCount: 0,
      orphanDrugProductCount: 0,
      approvedOrphanDrugCount: 0,
      approvedDesignationCount: 0,
      designatedOrphanDrugCount: 0,
      withdrawnOrphanDrugCount: 0,
      latestOrphanApprovalYear: null,
      latestOrphanDesignationYear: null,
      trialCount: 0,
      activeTrialCount: 0,
      isScreened: false,
      screeningStatus: 'none',
      parentCount: 0,
      childCount: 0,
      isLeaf: true,
      definitionSource: null,
      hallmarks: [],
      namedClasses: [],
      sourceCount: 1,
    });
  });

  it('returns exactly the documented fields, with their documented types', () => {
    assert.equal(COMPUTED_FIELDS.length, 38);
    for (const facts of [cysticFibrosisFacts(), bareFacts()]) {
      const computed = computeFields(facts);
      assert.deepEqual(
        Object.keys(computed),
        COMPUTED_FIELDS.map((f) => f.name),
      );
      for (const doc of COMPUTED_FIELDS) {
        const v = computed[doc.name];
        if (v === null) {
          assert.equal(doc.nullable, true, doc.name);
          continue;
        }
        const type = Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
        assert.equal(type === 'integer' && doc.type === 'number' ? 'number' : type, doc.type, doc.name);
      }
    }
  });

  it('picks the primary inheritance by INHERITANCE_RULE and the earliest onset', () => {
    const f = cysticFibrosisFacts();
    f.inheritance = [
      {
        term: 'x-linked-recessive',
        label: 'X-linked recessive',
        hpoId: 'HP:0001419',
        sources: [{ source: 'hpo', release: '2023-01-27', raw: 'HP:0001419' }],
      },
      {
        term: 'autosomal-dominant',
        label: 'Autosomal dominant',
        hpoId: 'HP:0000006',
        sources: [{ source: 'hpo', release: '2023-01-27', raw: 'HP:0000006' }],
      },
      {
        term: 'unknown',
        label: 'Unknown',
        hpoId: null,
        sources: [
          { source: 'orphanet', release: '2025-12', raw: 'Unknown' },
          { source: 'orphanet', release: '2025-12', raw: 'Unknown' },
        ],
      },
    ];
    f.onset = [
      { term: 'all-ages', label: 'All ages', hpoId: null, sources: [] },
      { term: 'childhood', label: 'Childhood', hpoId: 'HP:0011463', sources: [] },
      { term: 'infancy', label: 'Infancy', hpoId: 'HP:0003593', sources: [] },
    ];
    const consolidated = consolidateInheritance(f.inheritance);
    f.inheritance = consolidated.inheritance;
    f.inheritanceSummary = consolidated.summary;
    const c = computeFields(f);
    assert.equal(c.primaryInheritance, 'autosomal-dominant');
    assert.equal(c.inheritanceModeCount, 2);
    assert.equal(c.earliestOnset, 'infancy');
  });
});

/** classify() with researchActivity scored as it would be from complete trial data (researchFromCounts). */
function scored(f: ReturnType<typeof bareFacts>) {
  const computed = computeFields(f);
  return { ...classify(f, computed, REFERENCE), researchActivity: researchFromCounts(computed) };
}

describe('classify', () => {
  it('gives research activity as unknown, with the reason, while the trial data are a sample', () => {
    const f = cysticFibrosisFacts();
    assert.deepEqual(classify(f, computeFields(f), REFERENCE).researchActivity, {
      level: 'unknown',
      reasons: [
        'trial data are a sample (2.5% of ClinicalTrials.gov, data to 2021-09), so study counts cannot rank research activity',
        '2 studies in the ClinicalTrials.gov sample',
        '2 associated genes',
        '6 phenotype annotations',
      ],
    });
  });

  it('rates cystic fibrosis: approved drugs, an active study, moderate research', () => {
    const f = cysticFibrosisFacts();
    assert.deepEqual(scored(f), {
      unmetNeedSignal: {
        level: 'low',
        reasons: ['2 orphan drug products have an FDA marketing approval: ivacaftor (Kalydeco) and Dornase alfa (Pulmozyme)'],
      },
      pipelineActivity: { level: 'active', reasons: ['1 active study in the ClinicalTrials.gov sample (status as of 2021-09-22)'] },
      researchActivity: {
        level: 'moderate',
        reasons: [
          '2 studies in the ClinicalTrials.gov sample (2 points)',
          '2 associated genes (1 point)',
          '6 phenotype annotations (1 point)',
        ],
      },
    });
  });

  it('rates a rare disease with nothing as high unmet need and no pipeline', () => {
    const f = { ...bareFacts(), isRare: true };
    assert.deepEqual(scored(f), {
      unmetNeedSignal: {
        level: 'high',
        reasons: [
          'in the Mondo rare disease subset',
          'no FDA orphan designation or approval in force',
          'no active study in the ClinicalTrials.gov sample',
        ],
      },
      pipelineActivity: { level: 'none', reasons: ['no study in the ClinicalTrials.gov sample', 'no FDA orphan designation in force'] },
      researchActivity: {
        level: 'none',
        reasons: [
          '0 studies in the ClinicalTrials.gov sample (0 points)',
          '0 associated genes (0 points)',
          '0 phenotype annotations (0 points)',
        ],
      },
    });
    const common = bareFacts();
    assert.equal(classify(common, computeFields(common), REFERENCE).unmetNeedSignal.level, 'moderate');
  });

  it('measures designation recency from the reference date, not the clock', () => {
    const f = { ...bareFacts(), isRare: true, orphanDrugs: [designation('2018-03-15')] };
    const c = computeFields(f);
    assert.deepEqual(classify(f, c, REFERENCE).pipelineActivity, {
      level: 'active',
      reasons: ['orphan designation in force dated 2018-03-15, within 5 years before 2022-07-01'],
    });
    assert.deepEqual(classify(f, c, { referenceDate: '2023-07-01' }).pipelineActivity, {
      level: 'some',
      reasons: ['latest orphan designation in force dated 2018-03-15, more than 5 years before 2023-07-01'],
    });
    assert.deepEqual(classify(f, c, REFERENCE).unmetNeedSignal, {
      level: 'moderate',
      reasons: ['1 orphan designation in force without a marketing approval', 'no active study in the ClinicalTrials.gov sample'],
    });
  });

  it('counts withdrawn or revoked designations as neither pipeline activity nor unmet-need relief', () => {
    const f = {
      ...bareFacts(),
      isRare: true,
      orphanDrugs: [designation('2021-03-15', '2022-01-31'), designation('2019-06-01', '2021-05-10')],
    };
    const c = computeFields(f);
    assert.deepEqual(
      [c.orphanDrugCount, c.designatedOrphanDrugCount, c.withdrawnOrphanDrugCount, c.latestOrphanDesignationYear],
      [2, 0, 2, null],
    );
    assert.deepEqual(
      { ...classify(f, c, REFERENCE), researchActivity: researchFromCounts(c) },
      {
        unmetNeedSignal: {
          level: 'high',
          reasons: [
            'in the Mondo rare disease subset',
            'no FDA orphan designation or approval in force',
            '2 withdrawn or revoked designations (not counted)',
            'no active study in the ClinicalTrials.gov sample',
          ],
        },
        pipelineActivity: {
          level: 'none',
          reasons: [
            'no study in the ClinicalTrials.gov sample',
            'no FDA orphan designation in force',
            '2 withdrawn or revoked designations (not counted)',
          ],
        },
        researchActivity: {
          level: 'none',
          reasons: [
            '0 studies in the ClinicalTrials.gov sample (0 points)',
            '0 associated genes (0 points)',
            '0 phenotype annotations (0 points)',
          ],
        },
      },
    );
    // One designation in force next to a withdrawn one: only the one in force counts.
    const mixed = { ...f, orphanDrugs: [designation('2021-03-15', '2022-01-31'), designation('2012-02-01')] };
    const cm = computeFields(mixed);
    assert.deepEqual([cm.designatedOrphanDrugCount, cm.withdrawnOrphanDrugCount, cm.latestOrphanDesignationYear], [1, 1, 2012]);
    assert.deepEqual(classify(mixed, cm, REFERENCE).pipelineActivity, {
      level: 'some',
      reasons: [
        'latest orphan designation in force dated 2012-02-01, more than 5 years before 2022-07-01',
        '1 withdrawn or revoked designation (not counted)',
      ],
    });
  });

  it('does not count an approval whose designation was later withdrawn as an available orphan drug', () => {
    const approvedThenWithdrawn: OrphanDrugEntry = {
      ...designation('2017-06-07', '2020-04-03'),
      marketingApprovalDate: '2019-01-02',
      designationStatus: 'Designated/Approved/Designation Withdrawn or Revoked',
    };
    const f = { ...bareFacts(), isRare: true, orphanDrugs: [approvedThenWithdrawn] };
    const c = computeFields(f);
    assert.deepEqual([c.approvedOrphanDrugCount, c.latestOrphanApprovalYear], [0, null]);
    assert.equal(classify(f, c, REFERENCE).unmetNeedSignal.level, 'high');
  });

  it('documents a rule for every signal', () => {
    assert.deepEqual(Object.keys(CLASSIFICATION_RULES), ['unmetNeedSignal', 'pipelineActivity', 'researchActivity']);
    assert.match(CLASSIFICATION_RULES.pipelineActivity, /within 5 years before the date of the FDA file/);
    assert.match(CLASSIFICATION_RULES.pipelineActivity, /Withdrawn or revoked designations are not pipeline activity/);
  });
});

describe('qualityScore', () => {
  it('weights sum to 100 and the formula names each component', () => {
    assert.equal(
      Object.values(QUALITY_WEIGHTS).reduce((a, b) => a + b, 0),
      100,
    );
    for (const k of Object.keys(QUALITY_WEIGHTS)) assert.match(QUALITY_FORMULA, new RegExp(`\\b${k} \\d`), k);
  });

  /** The eight sections as finalizeSections hands them over: each composed by its template. */
  const checked = (): Record<SectionKey, Section> => {
    const out = {} as Record<SectionKey, Section>;
    for (const key of SECTION_KEYS) out[key] = { key, title: key, paragraphs: [], generation: 'template', basedOn: [] };
    return out;
  };

  it('scores cystic fibrosis, its eight checked sections included', () => {
    const f = cysticFibrosisFacts();
    const breakdown = {
      definition: 20,
      phenotypes: 14.3,
      genes: 10,
      inheritance: 10,
      onset: 5,
      prevalence: 10,
      xrefs: 10,
      synonyms: 5,
      evidence: 5,
      sections: 5,
    };
    assert.deepEqual(qualityScore(f, checked()), { score: 94, breakdown });
  });

  it('scores a bare record on its sections alone', () => {
    assert.deepEqual(qualityScore(bareFacts(), checked()), {
      score: 5,
      breakdown: {
        definition: 0,
        phenotypes: 0,
        genes: 0,
        inheritance: 0,
        onset: 0,
        prevalence: 0,
        xrefs: 0,
        synonyms: 0,
        evidence: 0,
        sections: 5,
      },
    });
  });
});
