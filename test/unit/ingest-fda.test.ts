import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOrphanDesignations } from '../../build/ingest/fda-oopd.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

const FIXTURE = 'oopd_orphan_designations_approved.csv';

test('oopd: rows with ISO dates from both date styles, quoted fields, nulls; footnote skipped', () => {
  const rows = readOrphanDesignations(gzFixture(FIXTURE));
  assert.equal(rows.length, 5);
  assert.deepEqual(rows[0], {
    genericName: 'bosentan',
    tradeName: 'Tracleer',
    dateDesignated: '2000-10-06',
    designation: 'Treatment of pulmonary arterial hypertension',
    designationStatus: 'Designated/Approved',
    dateWithdrawn: null,
    approvalStatus: null,
    approvedIndication: 'Treatment of pulmonary arterial hypertension.',
    marketingApprovalDate: '2001-11-20',
    exclusivityEndDate: '2008-11-20',
    sponsor: 'Actelion Pharmaceuticals Ltd',
    country: 'United States',
    designationKey: '134200',
    row: 1,
  });
  assert.deepEqual(
    rows.map((r) => [r.row, r.dateDesignated, r.marketingApprovalDate, r.exclusivityEndDate, r.tradeName]),
    [
      [1, '2000-10-06', '2001-11-20', '2008-11-20', 'Tracleer'],
      [2, '2000-10-06', '2017-09-05', '2024-09-05', 'Tracleer'],
      [3, '2014-01-31', '2017-08-30', '2024-08-30', 'Kymriah (tisagenlecleucel)'],
      [4, '2017-12-26', '2021-12-15', null, 'Orencia'],
      [5, '2015-05-13', '2019-11-21', '2026-11-21', null],
    ],
  );
  assert.equal(
    rows[1].approvedIndication,
    'Treatment of pulmonary arterial hypertension (PAH) (WHO Group 1) in pediatric patients aged 3 years and older with idiopathic or congenital PAH to improve pulmonary vascular resistance (PVR), which is expected to result in an improvement in exercise ability',
  );
  assert.equal(rows[4].sponsor, 'Acerta Pharma, LLC (a member of the AstraZeneca Group)');
});

test('oopd: two-digit years 50-99 are 19xx', () => {
  const text = fixtureText(FIXTURE).replace('bosentan,Tracleer,10/06/00,', 'bosentan,Tracleer,10/06/85,');
  assert.equal(readOrphanDesignations(tempFile('y85.csv', text))[0].dateDesignated, '1985-10-06');
});

test('oopd: an invalid date names the line, the value and the column', () => {
  const text = fixtureText(FIXTURE).replace('12/26/2017', '13/26/2017');
  const file = tempFile('bad-date.csv.gz', text);
  assert.throws(() => readOrphanDesignations(file), {
    message: `${file} line 5: invalid date "13/26/2017" in column "Date Designated" (expected YYYY-MM-DD, M/D/YY or MM/DD/YYYY)`,
  });
  const impossible = tempFile('feb30.csv', fixtureText(FIXTURE).replace('11/20/2001', '2/30/2001'));
  assert.throws(() => readOrphanDesignations(impossible), {
    message: `${impossible} line 2: invalid date "2/30/2001" in column "Marketing Approval Date" (expected YYYY-MM-DD, M/D/YY or MM/DD/YYYY)`,
  });
  const dotted = tempFile('dotted.csv', fixtureText(FIXTURE).replace('11/20/2008', '2008.11.20'));
  assert.throws(() => readOrphanDesignations(dotted), {
    message: `${dotted} line 2: invalid date "2008.11.20" in column "Exclusivity End Date" (expected YYYY-MM-DD, M/D/YY or MM/DD/YYYY)`,
  });
  const isoFeb30 = tempFile('iso-feb30.csv', fixtureText(FIXTURE).replace('11/20/2008', '2008-02-30'));
  assert.throws(() => readOrphanDesignations(isoFeb30), {
    message: `${isoFeb30} line 2: invalid date "2008-02-30" in column "Exclusivity End Date" (expected YYYY-MM-DD, M/D/YY or MM/DD/YYYY)`,
  });
});

test('oopd: missing column, unterminated quote, truncated gzip', () => {
  const text = fixtureText(FIXTURE);
  const renamed = tempFile('renamed.csv', text.replace('Sponsor Country', 'Country'));
  assert.throws(() => readOrphanDesignations(renamed), {
    message: `${renamed} line 1: missing column(s) "Sponsor Country"; expected columns: Generic Name, Trade Name, Date Designated, Orphan Designation, Orphan Designation Status, FDA Orphan Approval Status, Approved Labeled Indication, Marketing Approval Date, Exclusivity End Date, Sponsor Company, Sponsor Country`,
  });
  const open = tempFile('open.csv', text.replace('"One Health Plaza,"', '"One Health Plaza,'));
  assert.throws(() => readOrphanDesignations(open), {
    message: `${open} line 4: quoted field is not followed by a comma or line end`,
  });
  const truncated = truncatedGz('oopd-truncated.csv.gz', text);
  assert.throws(() => readOrphanDesignations(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
});
