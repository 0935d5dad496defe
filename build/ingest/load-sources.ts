import { basename, join } from 'node:path';
import type { SourceData, SourceRelease } from './source-data.ts';
import type { SourceId } from './source-types.ts';
import { readCtgovSample, readAngelmanTrials } from './ctgov.ts';
import { releaseDate } from './curie.ts';
import { readDoidObo } from './doid-obo.ts';
import { designationsRelease, readOrphanDesignations } from './fda-oopd.ts';
import { readOrphanDesignationsXlsx } from './fda-oopd-xlsx.ts';
import { readGardDiseases, readGardXrefs } from './gard.ts';
import { readHgncGenes } from './hgnc.ts';
import { readHpoLabels } from './hpo-babelon.ts';
import { readHpoGenes, type HpoGeneDisease } from './hpo-genes.ts';
import { readHpoOntology } from './hpo-ontology.ts';
import { readHpoa } from './hpoa.ts';
import { readMondo } from './mondo-release.ts';
import { readMondoOmimGenes } from './mondo-omim-genes.ts';
import { readNordReports } from './nord.ts';
import { readOrphaPacketFiles, readOrphaPackets } from './orphanet-packets.ts';
import { inputFiles, readRegistry, resolveInputs, type RegistryEntry, type ResolvedInputs } from './registry.ts';
import { readRusp } from './rusp.ts';
import { readSssom } from './sssom.ts';
import { readEditorial, type EditorialCheck } from './editorial.ts';
import { IngestError, type OrphanDesignation, type SssomMapping } from './source-types.ts';

export { readRegistry };

/** The files the build reads for a registry entry (the first alternative present of each input). */
export function resolveFiles(entry: RegistryEntry, dataDir: string, contentDir: string): string[] {
  return inputFiles(resolveInputs(entry, dataDir, contentDir));
}

export interface LoadResult {
  data: SourceData;
  hpoGenes: HpoGeneDisease[];
  timings: Record<string, number>;
  files: Map<SourceId, string[]>;
}

/** Newest of a date list, or null. */
const newest = (dates: (string | null)[]): string | null =>
  dates.reduce<string | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/**
 * Read every source release in DATA_DIR and our content/ inputs; throws IngestError on bad input.
 * Each source's inputs are resolved through the registry (the richest file present), so a
 * deployment that downloaded upstream releases (`npm run fetch`) and our trimmed DATA_DIR both build.
 */
export async function loadSources(dataDir: string, contentDir: string, checkEditorial?: EditorialCheck): Promise<LoadResult> {
  const registry = readRegistry(contentDir);
  const inputs = new Map<SourceId, ResolvedInputs>();
  for (const e of registry) inputs.set(e.id, resolveInputs(e, dataDir, contentDir));
  const timings: Record<string, number> = {};
  const time = <T>(label: string, fn: () => T): T => {
    const t = performance.now();
    const v = fn();
    timings[label] = Math.round(performance.now() - t);
    return v;
  };
  const input = (id: SourceId, name: string): string[] | undefined => inputs.get(id)?.get(name)?.files;
  const one = (id: SourceId, name: string): string => input(id, name)![0];

  const mondo = readMondo(inputs.get('mondo')!, time);
  let mondoVersion = mondo.version;
  const mappingFiles = input('mondo', 'mappings') ?? [];
  const mappings: SssomMapping[] = time('mondo mappings', () => {
    const all: SssomMapping[] = [];
    for (const f of mappingFiles) {
      const s = readSssom(f);
      mondoVersion ??= s.mappingSetVersion ? releaseDate(s.mappingSetVersion) : null;
      const set = basename(f).replace(/\.sssom\.tsv(?:\.gz)?$/, '');
      for (const x of s.mappings) {
        x.set = set;
        all.push(x);
      }
    }
    return all;
  });
  if (mappingFiles.length === 0) {
    if (mondo.from !== 'ontology')
      throw new IngestError(
        join(dataDir, 'mondo/mappings'),
        '',
        'no Mondo mappings: need the SSSOM files or the full release (mondo.obo / mondo.json)',
      );
    mappings.push(...mondo.xrefMappings);
  }
  // A current hp.json (fetched upstream) has current labels; the 2026 label file only updates our 2023 cut.
  const hpo = time('hpo ontology', () => readHpoOntology((input('hpo', 'current-ontology') ?? input('hpo', 'ontology')!)[0]));
  const hpoa = time('hpo annotations', () => readHpoa(one('hpo', 'annotations')));
  const labelsFile = input('hpo', 'labels')?.[0];
  const hgnc = time('hgnc', () => readHgncGenes(one('hgnc', 'complete-set')));
  const packets = input('orphanet', 'packets')!;
  const orphanet = time('orphanet', () =>
    packets.length === 1 && !packets[0].endsWith('.json') ? readOrphaPackets(packets[0]) : readOrphaPacketFiles(packets),
  );
  const doid = time('doid', () => readDoidObo(one('doid', 'rare-slim')));
  const trialsSample = time('ctgov sample', () => readCtgovSample(one('ctgov-sample', 'sample')));
  const fdaFile = one('fda-oopd', 'designations');
  const t = performance.now();
  const designations: OrphanDesignation[] = /\.xlsx(\.gz)?$/.test(fdaFile)
    ? await readOrphanDesignationsXlsx(fdaFile)
    : readOrphanDesignations(fdaFile);
  timings.fda = Math.round(performance.now() - t);

  const read: Partial<Record<SourceId, string | null>> = {
    mondo: mondoVersion,
    hpo: hpoa.date ?? (hpo.version ? releaseDate(hpo.version) : null),
    hgnc: newest(hgnc.map((g) => g.dateModified)),
    orphanet: orphanet[0]?.creationDate?.slice(0, 10) ?? null,
    doid: doid.dataVersion ? releaseDate(doid.dataVersion) : null,
    'fda-oopd': designationsRelease(designations),
    'ctgov-sample': newest(trialsSample.map((s) => s.lastUpdate)),
  };
  const files = new Map<SourceId, string[]>();
  const releases = new Map<SourceId, SourceRelease>();
  const rel = (f: string) => f.replace(`${dataDir}/`, '').replace(`${contentDir}/`, 'content/');
  for (const e of registry) {
    files.set(e.id, inputFiles(inputs.get(e.id)!));
    const fromFile = read[e.id];
    releases.set(e.id, {
      id: e.id,
      name: e.name,
      license: e.license,
      files: files.get(e.id)!.map(rel),
      release: fromFile ?? e.release,
      releaseFrom: fromFile ? 'file' : 'registry',
    });
  }
  const data: SourceData = {
    releases,
    mondoFrom: mondo.from,
    classes: mondo.classes,
    obsoletes: mondo.obsoletes,
    subsets: mondo.subsets,
    edges: mondo.edges,
    geneLinks: time('mondo genes', () => readMondoOmimGenes(one('mondo-ingest', 'omim-genes'))),
    mappings,
    definitions: mondo.definitions,
    mondoSynonyms: mondo.synonyms,
    nord: time('nord', () => readNordReports(one('nord', 'reports'))),
    doid: doid.terms,
    hpoTerms: hpo.terms,
    hpoLabels: labelsFile ? time('hpo labels', () => readHpoLabels(labelsFile)) : new Map(),
    hpoa,
    hgnc,
    orphanet,
    designations,
    gard: time('gard', () => ({ diseases: readGardDiseases(one('gard', 'diseases')), xrefs: readGardXrefs(one('gard', 'xrefs')) })),
    trialsSample,
    trialsAngelman: time('ctgov angelman', () => readAngelmanTrials(one('ctgov-angelman', 'studies'))),
    rusp: time('rusp', () => readRusp(one('rusp', 'panel'))),
    editorial: time('editorial', () => readEditorial(contentDir, checkEditorial)),
  };
  const hpoGenes = time('hpo genes', () => readHpoGenes(one('hpo', 'genes')));
  return { data, hpoGenes, timings, files };
}
