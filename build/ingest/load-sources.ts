import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceData, SourceRelease, EditorialData } from '../record/source-data.ts';
import type { SourceId } from '../record/types.ts';
import { readCtgovSample, readAngelmanTrials } from './ctgov.ts';
import { releaseDate } from './curie.ts';
import { readDoidObo } from './doid-obo.ts';
import { readOrphanDesignations } from './fda-oopd.ts';
import { readHgncGenes } from './hgnc.ts';
import { readHpoLabels } from './hpo-babelon.ts';
import { readHpoGenes, type HpoGeneDisease } from './hpo-genes.ts';
import { readHpoOntology } from './hpo-ontology.ts';
import { readHpoa } from './hpoa.ts';
import { readMondoClasses } from './mondo-classes.ts';
import { readMondoDefinitions } from './mondo-definitions.ts';
import { readOntologyEdges, readRareEdges } from './mondo-edges.ts';
import { readMondoObsoletes } from './mondo-obsoletes.ts';
import { readMondoOmimGenes } from './mondo-omim-genes.ts';
import { readMondoRareList } from './mondo-rare-list.ts';
import { readMondoSubsets } from './mondo-subsets.ts';
import { readNordReports } from './nord.ts';
import { readOrphaPackets } from './orphanet-packets.ts';
import { readRusp } from './rusp.ts';
import { readSssom } from './sssom.ts';
import { readEditorial, type EditorialCheck } from './editorial.ts';
import { IngestError, type SssomMapping } from './types.ts';

interface RegistryEntry { id: SourceId; name: string; license: string; release: string; files: string[] }

/** Read content/sources.json: names, licenses and registry releases of every source. */
export function readRegistry(contentDir: string): RegistryEntry[] {
  const file = join(contentDir, 'sources.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { sources: RegistryEntry[] }).sources;
  } catch (err) {
    throw new IngestError(file, '', `cannot read the source registry: ${(err as Error).message}`);
  }
}

/** The files of a registry entry, resolved; `mappings/*.sssom.tsv.gz` style globs list one folder. */
export function resolveFiles(entry: RegistryEntry, dataDir: string, contentDir: string): string[] {
  const out: string[] = [];
  for (const f of entry.files) {
    if (f.startsWith('content:')) { out.push(join(contentDir, f.slice(8))); continue; }
    const star = f.indexOf('*');
    if (star < 0) { out.push(join(dataDir, f)); continue; }
    const dir = f.slice(0, f.lastIndexOf('/', star));
    const suffix = f.slice(star + 1);
    const names = readdirSync(join(dataDir, dir)).filter((n) => n.endsWith(suffix)).sort();
    out.push(...names.map((n) => join(dataDir, dir, n)));
  }
  for (const f of out) {
    try { statSync(f); } catch { throw new IngestError(f, '', `source file of "${entry.id}" is missing (DATA_DIR=${dataDir})`); }
  }
  return out;
}

export interface LoadResult { data: SourceData; hpoGenes: HpoGeneDisease[]; timings: Record<string, number>; files: Map<SourceId, string[]> }

/** Read every source release in DATA_DIR and our content/ inputs; throws IngestError on bad input. */
export function loadSources(dataDir: string, contentDir: string, checkEditorial?: EditorialCheck): LoadResult {
  const registry = readRegistry(contentDir);
  const files = new Map<SourceId, string[]>();
  for (const e of registry) files.set(e.id, resolveFiles(e, dataDir, contentDir));
  const timings: Record<string, number> = {};
  const time = <T>(label: string, fn: () => T): T => {
    const t = performance.now();
    const v = fn();
    timings[label] = Math.round(performance.now() - t);
    return v;
  };
  const m = (name: string) => join(dataDir, 'mondo', name);
  const classes = time('mondo classes', () => readMondoClasses(m('class-stats.tsv.gz')));
  const labels = new Map(classes.map((c) => [c.id, c.label.replace(/^obsolete /, '')]));
  const mappingFiles = files.get('mondo')!.filter((f) => f.includes('/mappings/'));
  let mondoVersion: string | null = null;
  const mappings: SssomMapping[] = time('mondo mappings', () => {
    const all: SssomMapping[] = [];
    for (const f of mappingFiles) {
      const s = readSssom(f);
      mondoVersion ??= s.mappingSetVersion ? releaseDate(s.mappingSetVersion) : null;
      for (const x of s.mappings) all.push(x);
    }
    return all;
  });
  const hpo = time('hpo ontology', () => readHpoOntology(join(dataDir, 'hpo/hp_2023-01-27.json.gz')));
  const hpoa = time('hpo annotations', () => readHpoa(join(dataDir, 'hpo/phenotype_2023-01-27.hpoa.gz')));
  const hgnc = time('hgnc', () => readHgncGenes(files.get('hgnc')![0]));
  const orphanet = time('orphanet', () => readOrphaPackets(files.get('orphanet')![0]));
  const doid = time('doid', () => readDoidObo(files.get('doid')![0]));
  const trialsSample = time('ctgov sample', () => readCtgovSample(files.get('ctgov-sample')![0]));

  const read: Partial<Record<SourceId, string | null>> = {
    mondo: mondoVersion,
    hpo: hpoa.date ?? (hpo.version ? releaseDate(hpo.version) : null),
    hgnc: hgnc.reduce<string | null>((max, g) => (g.dateModified && (!max || g.dateModified > max) ? g.dateModified : max), null),
    orphanet: orphanet[0]?.creationDate?.slice(0, 10) ?? null,
    doid: doid.dataVersion ? releaseDate(doid.dataVersion) : null,
    'ctgov-sample': trialsSample.reduce<string | null>((max, t) => (t.lastUpdate && (!max || t.lastUpdate > max) ? t.lastUpdate : max), null),
  };
  const releases = new Map<SourceId, SourceRelease>();
  for (const e of registry) {
    const fromFile = read[e.id];
    releases.set(e.id, { id: e.id, name: e.name, license: e.license, files: files.get(e.id)!.map((f) => f.replace(dataDir + '/', '').replace(contentDir + '/', 'content/')), release: fromFile ?? e.release, releaseFrom: fromFile ? 'file' : 'registry' });
  }
  const editorial: EditorialData = time('editorial', () => readEditorial(contentDir, checkEditorial));
  const data: SourceData = {
    releases,
    classes,
    obsoletes: time('mondo obsoletes', () => readMondoObsoletes(m('obsoletes.tsv.gz'), labels)),
    subsets: time('mondo subsets', () => readMondoSubsets(m('mondo_subsets.tsv.gz'))),
    edges: time('mondo edges', () => [...readOntologyEdges(m('edges_2023-08-01.tsv.gz')), ...readRareEdges(m('mondo-rare_edges.tsv.gz'))]),
    geneLinks: time('mondo genes', () => readMondoOmimGenes(files.get('mondo-ingest')![0])),
    mappings,
    definitions: time('mondo definitions', () => readMondoDefinitions(m('mondo_release_diff_new_terms_2021-11_2026-08.tsv.gz'), m('mondo_release_diff_changed_terms_2021-11_2026-08.tsv.gz'))),
    rareList: time('mondo rare list', () => readMondoRareList(m('new-rare-diseases_2023-08.tsv.gz'))),
    nord: time('nord', () => readNordReports(files.get('nord')![0])),
    doid: doid.terms,
    hpoTerms: hpo.terms,
    hpoLabels: time('hpo labels', () => readHpoLabels(join(dataDir, 'hpo/hp_labels_2026-06.babelon.tsv.gz'))),
    hpoa,
    hgnc,
    orphanet,
    designations: time('fda', () => readOrphanDesignations(files.get('fda-oopd')![0])),
    trialsSample,
    trialsAngelman: time('ctgov angelman', () => readAngelmanTrials(files.get('ctgov-angelman')![0])),
    rusp: time('rusp', () => readRusp(files.get('rusp')![0])),
    editorial,
  };
  const hpoGenes = time('hpo genes', () => readHpoGenes(join(dataDir, 'hpo/genes_to_phenotype_2023-01.txt.gz')));
  return { data, hpoGenes, timings, files };
}
