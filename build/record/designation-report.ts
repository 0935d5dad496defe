import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readOrphanDesignations } from '../ingest/fda-oopd.ts';
import { readOrphanDesignationsXlsx } from '../ingest/fda-oopd-xlsx.ts';
import { loadSources } from '../ingest/load-sources.ts';
import { diseaseNameIndex } from './record-lookups.ts';
import { indexCrossRefs } from './cross-refs.ts';
import { SPOT_CHECK_COLUMNS, designationStats, seededSample } from './designation-stats.ts';
import { selectDiseases } from './disease-set.ts';
import { readBuildSettings } from '../build-settings.ts';

/**
 * Designation linking figures on the real data (README "Orphan drugs"), and a reproducible random
 * sample of links for a hand spot check:
 *   node --import tsx build/record/designation-report.ts [--file fda/<export>] [--sample 100 --seed 23 --out sample.tsv]
 * Without --file the export the build reads is used. Prints the figures as JSON.
 */
const { values } = parseArgs({
  options: { file: { type: 'string' }, sample: { type: 'string' }, seed: { type: 'string', default: '13' }, out: { type: 'string' } },
});
const root = resolve(import.meta.dirname, '../..');
const { dataDir } = readBuildSettings();
const loaded = await loadSources(dataDir, resolve(root, 'content'));
const { data } = loaded;
const set = selectDiseases(data.classes, data.edges, data.mappings);
const xrefs = indexCrossRefs(data.mappings, new Set(set.ids));
const names = diseaseNameIndex(data, set, xrefs);
const file = values.file ? resolve(dataDir, values.file) : loaded.files.get('fda-oopd')![0];
const rows =
  values.file === undefined
    ? data.designations
    : /\.xlsx(\.gz)?$/.test(file)
      ? await readOrphanDesignationsXlsx(file)
      : readOrphanDesignations(file);
const { stats, links } = designationStats(rows, names);
process.stdout.write(`${JSON.stringify({ file: file.replace(`${dataDir}/`, ''), ...stats }, null, 2)}\n`);
if (values.sample) {
  const sample = seededSample(links, Number(values.sample), Number(values.seed));
  const clean = (t: string | null) => (t ?? '').replace(/[\t\n]+/g, ' ');
  const lines = [SPOT_CHECK_COLUMNS.slice(0, -2).join('\t')];
  sample.forEach(
    ({ entry: e, mondoId }, i) =>
      void lines.push(
        [
          i + 1,
          e.fdaUrl?.replace(/.*cfgridkey=/, '') ?? '',
          clean(e.genericName),
          clean(e.designation),
          clean(e.approvals.find((a) => a.indication)?.indication ?? ''),
          e.status,
          mondoId,
          set.labels.get(mondoId),
          e.links.map((l) => `${l.field}:${l.method}:${clean(l.matchedText)}`).join(' | '),
        ].join('\t'),
      ),
  );
  if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
  else process.stdout.write(`${lines.join('\n')}\n`);
}
