import type {
  DoidTerm,
  GardDisease,
  GardXref,
  HgncGene,
  HpoaFile,
  HpoTerm,
  MondoClass,
  MondoDefinition,
  MondoGeneLink,
  MondoObsolete,
  MondoSubset,
  MondoSynonym,
  NordReport,
  OrphaDisorder,
  OrphanDesignation,
  RuspRow,
  SssomMapping,
  SubclassEdge,
  Trial,
} from './source-types.ts';
import type { AdvocacyGroup, AssistanceProgram, SourceId } from './source-types.ts';

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
  /** Whether Mondo's facts came from the full release or the partial reports. */
  mondoFrom: 'ontology' | 'reports';
  classes: MondoClass[];
  obsoletes: MondoObsolete[];
  subsets: MondoSubset[];
  edges: SubclassEdge[];
  geneLinks: MondoGeneLink[];
  mappings: SssomMapping[];
  definitions: Map<string, MondoDefinition>;
  /** Every definition text Mondo has given, current or not (DEFINITION_RULE's punctuation only). */
  definitionTexts: MondoDefinition[];
  /** Mondo synonyms per class: the full release's (with scope and type), else the 2023 rare list's (scope unknown). */
  mondoSynonyms: Map<string, MondoSynonym[]>;
  nord: NordReport[];
  doid: DoidTerm[];
  hpoTerms: Map<string, HpoTerm>;
  hpoLabels: Map<string, string>;
  hpoa: HpoaFile;
  hgnc: HgncGene[];
  orphanet: OrphaDisorder[];
  designations: OrphanDesignation[];
  gard: { diseases: GardDisease[]; xrefs: GardXref[] };
  trialsSample: Trial[];
  trialsAngelman: Trial[];
  rusp: RuspRow[];
  editorial: EditorialData;
}
