import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { parseCsv } from '../../build/ingest/csv.ts';
import { designationsRelease, readOrphanDesignations } from '../../build/ingest/fda-oopd.ts';
import { readOrphanDesignationsXlsx } from '../../build/ingest/fda-oopd-xlsx.ts';
import { orphanStatusFromFda } from '../../build/record/vocab-mapping.ts';
import { fixtureText, gzFixture, tempFile } from '../fixtures/ingest/fixture-files.ts';
import { xlsx, type XlsxCell } from '../fixtures/ingest/xlsx-writer.ts';

const FIXTURE = 'oopd_all_designations.csv';
const DATE_COLUMNS = [2, 5, 8, 9];
const GRID_KEY = 18;

/** The CSV fixture as the FDA's workbook holds it: date cells as dates, the CF Grid Key a number, empty cells empty. */
function workbookRows(text = fixtureText(FIXTURE)): XlsxCell[][] {
  return parseCsv(text, FIXTURE).map(({ cells }, r) =>
    cells.map((c, i) => {
      if (c === '') return null;
      if (r > 0 && DATE_COLUMNS.includes(i) && /^\d{4}-\d{2}-\d{2}$/.test(c)) return new Date(`${c}T00:00:00Z`);
      if (r > 0 && i === GRID_KEY) return Number(c);
      return c;
    }),
  );
}

function xlsxFile(name: string, rows: XlsxCell[][], gzip = false): string {
  const path = tempFile(name, '');
  const bytes = xlsx(rows);
  writeFileSync(path, gzip ? gzipSync(bytes) : bytes);
  return path;
}

const EXPECTED = [
  ['ActRIIB-IgG1)', null, '2010-08-16', 'Designated/Designation Withdrawn or Revoked', '2017-07-12', null, '312310', 1],
  ['elexacaftor, tezacaftor, and ivacaftor; ivacaftor', 'Trikafta', '2018-08-29', 'Designated/Approved', null, '2020-12-21', '647618', 2],
  ['elexacaftor, tezacaftor, and ivacaftor; ivacaftor', 'Trikafta', '2018-08-29', 'Designated/Approved', null, '2021-06-08', '647618', 3],
  [
    'Gallium nitrate injection',
    'Ganite',
    '1988-12-05',
    'Designated/Approved/Designation Withdrawn or Revoked',
    null,
    '1991-01-17',
    '24487',
    4,
  ],
  [
    'infigratinib',
    'Truseltiq',
    '2019-09-11',
    'Designated/Approved/Designation Withdrawn or Revoked',
    '2023-08-04',
    '2021-05-28',
    '707019',
    5,
  ],
  ['Infigratinib', null, '2021-08-12', 'Designated', null, null, '833221', 6],
];
const summary = (rows: Awaited<ReturnType<typeof readOrphanDesignationsXlsx>>) =>
  rows.map((r) => [
    r.genericName,
    r.tradeName,
    r.dateDesignated,
    r.designationStatus,
    r.dateWithdrawn,
    r.marketingApprovalDate,
    r.designationKey,
    r.row,
  ]);

test('oopd 2024 CSV: every status, ISO dates, withdrawal dates, the FDA key without ".0"; the footnote is skipped', () => {
  const rows = readOrphanDesignations(gzFixture(FIXTURE));
  assert.deepEqual(summary(rows), EXPECTED);
  assert.deepEqual(rows[4], {
    genericName: 'infigratinib',
    tradeName: 'Truseltiq',
    dateDesignated: '2019-09-11',
    designation: 'Treatment of cholangiocarcinoma',
    designationStatus: 'Designated/Approved/Designation Withdrawn or Revoked',
    dateWithdrawn: '2023-08-04',
    approvalStatus: null,
    approvedIndication:
      'Treatment of adults with previously treated, unresectable locally advanced or metastatic cholangiocarcinoma with a fibroblast growth factor receptor 2 (FGFR2) fusion or other rearrangement as detected by an FDA-approved test.',
    marketingApprovalDate: '2021-05-28',
    exclusivityEndDate: '2028-05-28',
    sponsor: 'QED Therapeutics, Inc.',
    country: 'United States',
    designationKey: '707019',
    row: 5,
  });
  assert.equal(rows[5].approvalStatus, 'Not FDA Approved for Orphan Indication');
  assert.equal(designationsRelease(rows), '2023-08-04');
  assert.equal(designationsRelease([]), null);
});

test('oopd 2024 .xlsx (plain and gzipped) reads the same rows as the CSV', async () => {
  const fromCsv = readOrphanDesignations(gzFixture(FIXTURE));
  assert.deepEqual(await readOrphanDesignationsXlsx(xlsxFile('oopd.xlsx', workbookRows())), fromCsv);
  assert.deepEqual(await readOrphanDesignationsXlsx(xlsxFile('oopd.xlsx.gz', workbookRows(), true)), fromCsv);
});

test('oopd .xlsx errors name the file and the sheet row', async () => {
  const rows = workbookRows();
  const renamed = xlsxFile('renamed.xlsx', [rows[0].map((c) => (c === 'Sponsor Country' ? 'Country' : c)), ...rows.slice(1)]);
  await assert.rejects(readOrphanDesignationsXlsx(renamed), {
    message: `${renamed} row 1: missing column(s) "Sponsor Country"; expected columns: Generic Name, Trade Name, Date Designated, Orphan Designation, Orphan Designation Status, FDA Orphan Approval Status, Approved Labeled Indication, Marketing Approval Date, Exclusivity End Date, Sponsor Company, Sponsor Country`,
  });
  const textDate = rows.map((r) => [...r]);
  textDate[3][2] = '2018-13-29';
  const badDate = xlsxFile('bad-date.xlsx', textDate);
  await assert.rejects(readOrphanDesignationsXlsx(badDate), {
    message: `${badDate} row 4: invalid date "2018-13-29" in column "Date Designated" (expected YYYY-MM-DD, M/D/YY or MM/DD/YYYY)`,
  });
  const noName = rows.map((r) => [...r]);
  noName[2][0] = null;
  const empty = xlsxFile('no-name.xlsx', noName);
  await assert.rejects(readOrphanDesignationsXlsx(empty), { message: `${empty} row 3: empty "Generic Name"` });
  const badKey = rows.map((r) => [...r]);
  badKey[1][GRID_KEY] = '31x310';
  const key = xlsxFile('bad-key.xlsx', badKey);
  await assert.rejects(readOrphanDesignationsXlsx(key), {
    message: `${key} row 2: malformed "CF Grid Key" "31x310" (expected a whole number)`,
  });
});

test('oopd .xlsx: a file that is not a workbook, a truncated gzip, a missing file', async () => {
  const csv = tempFile('really-a-csv.xlsx', fixtureText(FIXTURE));
  await assert.rejects(readOrphanDesignationsXlsx(csv), (err: Error) => {
    assert.match(err.message, new RegExp(`^${csv.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a readable \\.xlsx workbook \\(.+\\)$`));
    return true;
  });
  const truncated = tempFile('truncated.xlsx.gz', '');
  writeFileSync(truncated, gzipSync(xlsx(workbookRows())).subarray(0, 200));
  await assert.rejects(readOrphanDesignationsXlsx(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
  const missing = `${tempFile('gone.xlsx', '')}.missing`;
  await assert.rejects(readOrphanDesignationsXlsx(missing), { message: `${missing}: cannot read file (ENOENT)` });
});

test('oopd status wording normalizes to approved, designated or withdrawn; other wording is unknown', () => {
  assert.deepEqual(
    [
      'Designated',
      'Designated/Approved',
      'Designated/Designation Withdrawn or Revoked',
      'Designated/Approved/Designation Withdrawn or Revoked',
      'Designated/Approved/Withdrawn',
      'Approved',
      'Designated/Pending',
      '',
    ].map(orphanStatusFromFda),
    ['designated', 'approved', 'withdrawn', 'withdrawn', 'withdrawn', undefined, undefined, undefined],
  );
});
