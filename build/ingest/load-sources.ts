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

/** The registry's inputs as resolved in DATA_DIR and content/, with the time each read took. */
class SourceInputs {
  readonly timings: Record<string, number> = {};
  readonly #inputs = new Map<SourceId, ResolvedInputs>();

  constructor(registry: RegistryEntry[], dataDir: string, contentDir: string) {
    for (const e of registry) this.#inputs.set(e.id, resolveInputs(e, dataDir, contentDir));
  }

  /** The resolved inputs of one source. */
  of(id: SourceId): ResolvedInputs {
    return this.#inputs.get(id)!;
  }

  /** The files of one input, or undefined when no alternative is present. */
  files(id: SourceId, name: string): string[] | undefined {
    return this.#inputs.get(id)?.get(name)?.files;
  }

  /** The one file of an input the registry requires. */
  one(id: SourceId, name: string): string {
    return this.files(id, name)![0];
  }

  /** Run a read and keep its wall time under `label`. */
  time<T>(label: string, fn: () => T): T {
    const t = performance.now();
    const v = fn();
    this.timings[label] = Math.round(performance.now() - t);
    return v;
  }
}

/**
 * Read every source release in DATA_DIR and our content/ inputs; throws IngestError on bad input.
 * Each source's inputs are resolved through the registry (the richest file present), so a
 * deployment that downloaded upstream releases (`npm run fetch`) and our trimmed DATA_DIR both build.
 */
export async function loadSources(dataDir: string, contentDir: string, checkEditorial?: EditorialCheck): Promise<LoadResult> {
  const registry = readRegistry(contentDir);
  const src = new SourceInputs(registry, dataDir, contentDir);
  const time = src.time.bind(src);
  const mondo = readMondo(src.of('mondo'), time);
  const mapped = readMappings(src, mondo, dataDir);
  // A current hp.json (fetched upstream) has current labels; the 2026 label file only updates our 2023 cut.
  const hpo = time('hpo ontology', () => readHpoOntology((src.files('hpo', 'current-ontology') ?? src.files('hpo', 'ontology')!)[0]));
  const hpoa = time('hpo annotations', () => readHpoa(src.one('hpo', 'annotations')));
  const labelsFile = src.files('hpo', 'labels')?.[0];
  const hgnc = time('hgnc', () => readHgncGenes(src.one('hgnc', 'complete-set')));
  const packets = src.files('orphanet', 'packets')!;
  const orphanet = time('orphanet', () =>
    packets.length === 1 && !packets[0].endsWith('.json') ? readOrphaPackets(packets[0]) : readOrphaPacketFiles(packets),
  );
  const doid = time('doid', () => readDoidObo(src.one('doid', 'rare-slim')));
  const trialsSample = time('ctgov sample', () => readCtgovSample(src.one('ctgov-sample', 'sample')));
  const designations = await readDesignations(src);
  const { files, releases } = sourceReleases(registry, src, dataDir, contentDir, {
    mondo: mapped.version,
    hpo: hpoa.date ?? (hpo.version ? releaseDate(hpo.version) : null),
    hgnc: newest(hgnc.map((g) => g.dateModified)),
    orphanet: orphanet[0]?.creationDate?.slice(0, 10) ?? null,
    doid: doid.dataVersion ? releaseDate(doid.dataVersion) : null,
    'fda-oopd': designationsRelease(designations),
    'ctgov-sample': newest(trialsSample.map((s) => s.lastUpdate)),
  });
  const one = src.one.bind(src);
  const data: SourceData = {
    releases,
    mondoFrom: mondo.from,
    classes: mondo.classes,
    obsoletes: mondo.obsoletes,
    subsets: mondo.subsets,
    edges: mondo.edges,
    geneLinks: time('mondo genes', () => readMondoOmimGenes(one('mondo-ingest', 'omim-genes'))),
    mappings: mapped.mappings,
    definitions: mondo.definitions,
    definitionTexts: mondo.definitionTexts,
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
  return { data, hpoGenes, timings: src.timings, files };
}

/**
 * Mondo's SSSOM mapping sets (each mapping marked with its set), or the cross-references of the
 * full release where no SSSOM file is present; the version is Mondo's when the release gave none.
 */
function readMappings(src: SourceInputs, mondo: ReturnType<typeof readMondo>, dataDir: string) {
  let version = mondo.version;
  const mappingFiles = src.files('mondo', 'mappings') ?? [];
  const mappings: SssomMapping[] = src.time('mondo mappings', () => {
    const all: SssomMapping[] = [];
    for (const f of mappingFiles) {
      const s = readSssom(f);
      version ??= s.mappingSetVersion ? releaseDate(s.mappingSetVersion) : null;
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
  return { mappings, version };
}

/** FDA's orphan designations, from the spreadsheet export or the CSV. */
async function readDesignations(src: SourceInputs): Promise<OrphanDesignation[]> {
  const file = src.one('fda-oopd', 'designations');
  const t = performance.now();
  const designations = /\.xlsx(\.gz)?$/.test(file) ? await readOrphanDesignationsXlsx(file) : readOrphanDesignations(file);
  src.timings.fda = Math.round(performance.now() - t);
  return designations;
}

/** Each source's files and release: the date its files state, else the registry's. */
function sourceReleases(
  registry: RegistryEntry[],
  src: SourceInputs,
  dataDir: string,
  contentDir: string,
  read: Partial<Record<SourceId, string | null>>,
): { files: Map<SourceId, string[]>; releases: Map<SourceId, SourceRelease> } {
  const files = new Map<SourceId, string[]>();
  const releases = new Map<SourceId, SourceRelease>();
  const rel = (f: string) => f.replace(`${dataDir}/`, '').replace(`${contentDir}/`, 'content/');
  for (const e of registry) {
    files.set(e.id, inputFiles(src.of(e.id)));
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
  return { files, releases };
}
