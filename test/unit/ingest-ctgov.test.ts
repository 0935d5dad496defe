import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAngelmanTrials, readCtgovSample, trialStatus } from '../../build/ingest/ctgov.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

test('ctgov sample: |-separated conditions and interventions, snake_case status, multi-line fields', () => {
  assert.deepEqual(readCtgovSample(gzFixture('ctrialsgov_tbl_join_sample.csv')), [
    {
      nctId: 'NCT04824638',
      title:
        'BNT162b2 Vaccination With Two Doses in COVID-19 Negative Adult Volunteers and With a Single Dose in COVID-19 Positive Adult Volunteers',
      status: 'active_not_recruiting',
      phase: 'Phase 2',
      startDate: '2021-03-08',
      lastUpdate: '2021-08-09',
      conditions: ['Healthy', 'Immunization; Infection'],
      interventions: ['Biological: two doses of BNT162b2 vaccine', 'Biological: one dose of BNT162b2 vaccine'],
      sponsor: 'ANRS, Emerging Infectious Diseases',
      studyType: 'Interventional',
    },
    {
      nctId: 'NCT03813017',
      title: 'Comprehensive Assessment of Subclinical Atherosclerosis in Patients With Rheumatoid Arthritis',
      status: 'unknown',
      phase: null,
      startDate: '2019-10-31',
      lastUpdate: '2019-07-10',
      conditions: ['Cardiovascular Diseases', 'Rheumatoid Arthritis', 'Atherosclerosis, Coronary'],
      interventions: [],
      sponsor: 'Ziv Hospital',
      studyType: 'Observational [Patient Registry]',
    },
    {
      nctId: 'NCT04188119',
      title: 'A Proof of Concept Window Trial of the IMmunological Effects of AveLumab and Aspirin in Triple-Negative Breast Cancer',
      status: 'not_yet_recruiting',
      phase: 'Phase 2',
      startDate: '2021-09-30',
      lastUpdate: '2021-05-17',
      conditions: ['Breast Cancer'],
      interventions: ['Drug: Aspirin', 'Drug: Lansoprazole', 'Drug: Avelumab'],
      sponsor: 'The Christie NHS Foundation Trust',
      studyType: 'Interventional',
    },
    {
      nctId: 'NCT00062660',
      title:
        'Tipranavir in Patients With Progressive, Systemic HIV-1 Disease Who Have Failed or Are Intolerant to Currently Approved Treatments for HIV Infection',
      status: 'approved_for_marketing',
      phase: null,
      startDate: '2003-05-31',
      lastUpdate: '2016-11-30',
      conditions: ['HIV Infections'],
      interventions: ['Drug: Tipranavir'],
      sponsor: 'Boehringer Ingelheim',
      studyType: 'Expanded Access',
    },
  ]);
});

test('ctgov sample: a malformed NCT id names the record line; missing column; truncated gzip', () => {
  const text = fixtureText('ctrialsgov_tbl_join_sample.csv');
  const badId = tempFile('bad-nct.csv.gz', text.replace('"NCT00062660"', '"NCT62660"'));
  assert.throws(() => readCtgovSample(badId), { message: `${badId} line 7: malformed NCT id "NCT62660"` });
  const noStatus = tempFile('no-status.csv', text.replace('"rec_status"', '"status"'));
  assert.throws(() => readCtgovSample(noStatus), {
    message: `${noStatus} line 1: missing column(s) "rec_status"; expected columns: nct_id, brief_title, rec_status, phase, start_date, last_update, conditions, interventions, sponsor, study_type`,
  });
  const truncated = truncatedGz('ctgov-truncated.csv.gz', text);
  assert.throws(() => readCtgovSample(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
});

test('trial status normalisation', () => {
  assert.deepEqual(
    [
      'Recruiting',
      'Active, not recruiting',
      'Unknown status',
      'Enrolling by invitation',
      'ACTIVE_NOT_RECRUITING',
      'UNKNOWN',
      'AVAILABLE',
      'Withheld',
    ].map(trialStatus),
    ['recruiting', 'active_not_recruiting', 'unknown', 'enrolling_by_invitation', 'active_not_recruiting', 'unknown', 'other', 'other'],
  );
});

test('angelman trials: conditions only when Angelman is mentioned; no phase or interventions', () => {
  assert.deepEqual(readAngelmanTrials(gzFixture('angelman-clinical-trials.json')), [
    {
      nctId: 'NCT06617429',
      title: 'Phase 3 Efficacy and Safety Study of GTX-102 in Pediatric Subjects With Angelman Syndrome (AS)',
      status: 'active_not_recruiting',
      phase: null,
      startDate: '2024-12-03',
      lastUpdate: null,
      conditions: ['Angelman syndrome'],
      interventions: [],
      sponsor: 'Ultragenyx Pharmaceutical Inc',
      studyType: null,
    },
    {
      nctId: 'NCT07136454',
      title: 'Expanded Access/Compassionate Use of Rugonersen in Patients With Angelman Syndrome',
      status: 'other',
      phase: null,
      startDate: null,
      lastUpdate: null,
      conditions: ['Angelman syndrome'],
      interventions: [],
      sponsor: 'Oak Hill Bio Ltd',
      studyType: null,
    },
    {
      nctId: 'NCT04768803',
      title:
        'Ghrelin in Patients With a Rare Disease Associated With Intellectual Disability, and Hyperphagia, and/or Overweight, and/or Obesity',
      status: 'unknown',
      phase: null,
      startDate: '2021-06-10',
      lastUpdate: null,
      conditions: [],
      interventions: [],
      sponsor: 'University Hospital, Toulouse',
      studyType: null,
    },
    {
      nctId: 'NCT04155944',
      title: 'Diagnosis of Prader-Willi Syndrome and Angelman Syndrome',
      status: 'completed',
      phase: null,
      startDate: '2013-08',
      lastUpdate: null,
      conditions: ['Angelman syndrome'],
      interventions: [],
      sponsor: 'National Cheng-Kung University Hospital',
      studyType: null,
    },
  ]);
});

test('angelman trials: invalid JSON, not an array, bad NCT id', () => {
  const broken = tempFile('broken.json.gz', fixtureText('angelman-clinical-trials.json').slice(0, 200));
  assert.throws(
    () => readAngelmanTrials(broken),
    (err: unknown) => {
      assert.ok(err instanceof Error);
      assert.equal(err.message.startsWith(`${broken}: invalid JSON: `), true, err.message);
      return true;
    },
  );
  const object = tempFile('object.json', '{"NCTId":"NCT06617429"}');
  assert.throws(() => readAngelmanTrials(object), { message: `${object}: expected a JSON array of studies` });
  const badId = tempFile('bad.json', '[{"NCTId":"NCT1"}]');
  assert.throws(() => readAngelmanTrials(badId), { message: `${badId} /0/NCTId: malformed NCT id "NCT1"` });
});
