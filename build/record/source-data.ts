import type {
  DoidTerm, HgncGene, HpoaFile, HpoTerm, MondoClass, MondoDefinition, MondoGeneLink, MondoObsolete,
  MondoRareListEntry, MondoSubset, NordReport, OrphaDisorder, OrphanDesignation, RuspRow, SssomMapping, SubclassEdge, Trial,
} from '../ingest/types.ts';
import type { AdvocacyGroup, AssistanceProgram, SourceId } from './types.ts';

/** One source's identity and release as published in the API (health, provenance). */
export interface SourceRelease {
  id: SourceId;
  name: string;
  release: string;
  license: string;
  files: string[];
  /** How the release was determined: read from the file itself, or from content/sources.json. */
  releaseFrom: 'file' | 'registry';
}

/** Editorial inputs in content/: advocacy groups and assistance programs keyed by Mondo id. */
export interface EditorialData {
  advocacy: Map<string, AdvocacyGroup[]>;
  assistance: Map<string, AssistanceProgram[]>;
  advocacyFiles: number;
  assistanceFiles: number;
}

/** Everything the ingest step read, handed to assembly. */
export interface SourceData {
  releases: Map<SourceId, SourceRelease>;
  classes: MondoClass[];
  obsoletes: MondoObsolete[];
  subsets: MondoSubset[];
  edges: SubclassEdge[];
  geneLinks: MondoGeneLink[];
  mappings: SssomMapping[];
  definitions: Map<string, MondoDefinition>;
  rareList: MondoRareListEntry[];
  nord: NordReport[];
  doid: DoidTerm[];
  hpoTerms: Map<string, HpoTerm>;
  hpoLabels: Map<string, string>;
  hpoa: HpoaFile;
  hgnc: HgncGene[];
  orphanet: OrphaDisorder[];
  designations: OrphanDesignation[];
  trialsSample: Trial[];
  trialsAngelman: Trial[];
  rusp: RuspRow[];
  editorial: EditorialData;
}
