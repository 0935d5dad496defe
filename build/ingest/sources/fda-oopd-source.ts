import { defineSource } from '../source-entry.ts';
import { designationsRelease, readOrphanDesignations } from '../fda-oopd.ts';
import { readOrphanDesignationsXlsx } from '../fda-oopd-xlsx.ts';

/** FDA's orphan drug designations, from the spreadsheet export or its CSV. */
export const FDA_OOPD = defineSource({
  id: 'fda-oopd',
  name: 'FDA Orphan Drug Designations and Approvals',
  license: 'Public domain (US government work)',
  release: '2024-06-05',
  cadence: 'weekly-sunday',
  homepage: 'https://www.accessdata.fda.gov/scripts/opdlisting/oopd/',
  format:
    'The OOPD search export: Excel workbook (.xlsx) as the FDA serves it, or CSV (19 columns; dates ISO, M/D/YY or MM/DD/YYYY). The newest export present is read: all designations (2024 on), else the 2022 approvals-only export.',
  inputs: [
    {
      name: 'designations',
      oneOf: [
        'fda/oopd_all_designations.xlsx',
        'fda/oopd_all_designations_2024-06.csv.gz',
        'fda/oopd_all_designations_2024-06.xlsx.gz',
        'fda/oopd_orphan_designations_approved_2022-07.csv.gz',
      ],
    },
  ],
  upstream: [
    {
      path: 'fda/oopd_all_designations.xlsx',
      url: 'https://www.accessdata.fda.gov/scripts/opdlisting/oopd/OOPD_Results.cfm',
      method: 'POST',
      form: {
        Product_name: '',
        Designation: '',
        Designation_Start_Date: '01/01/1983',
        Designation_End_Date: '',
        Search_param: 'DESDATE',
        Output_Format: 'Excel',
        Sort_order: 'GENNAME',
        RecordsPerPage: '25',
        newSearch: 'Run Search',
      },
    },
  ],
  upstreamNote:
    "The export is the OOPD search form's Excel output (a POST, so no conditional request: it is downloaded in full and kept only when its bytes differ). The FDA site guards against automated clients; when it refuses, save the export by hand as fda/oopd_all_designations.xlsx or serve it from a --mirror.",
  async read(files) {
    const file = files.one('designations');
    const designations = /\.xlsx(\.gz)?$/.test(file) ? await readOrphanDesignationsXlsx(file) : readOrphanDesignations(file);
    return { release: designationsRelease(designations), facts: { designations } };
  },
});
