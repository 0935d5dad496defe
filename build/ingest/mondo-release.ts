import { releaseDate } from './curie.ts';
import { readMondoClasses } from './mondo-classes.ts';
import { readMondoDefinitions } from './mondo-definitions.ts';
import { readOntologyEdges, readRareEdges } from './mondo-edges.ts';
import { readMondoJson } from './mondo-json.ts';
import { readMondoObo } from './mondo-obo.ts';
import { readMondoObsoletes } from './mondo-obsoletes.ts';
import { readMondoRareList } from './mondo-rare-list.ts';
import { readMondoSubsets } from './mondo-subsets.ts';
import type { SourceFiles } from './source-entry.ts';
import type {
  MondoClass,
  MondoDefinition,
  MondoObsolete,
  MondoOntology,
  MondoSubset,
  MondoSynonym,
  SssomMapping,
  SubclassEdge,
} from './source-types.ts';

/** Mondo's facts as the build uses them, whichever files they came from. */
export interface MondoData {
  /** Release date stated by the ontology file; null for the reports (the SSSOM header states it). */
  version: string | null;
  from: 'ontology' | 'reports';
  /** Every MONDO class; obsolete ones have labels starting `obsolete `. */
  classes: MondoClass[];
  obsoletes: MondoObsolete[];
  subsets: MondoSubset[];
  edges: SubclassEdge[];
  definitions: Map<string, MondoDefinition>;
  synonyms: Map<string, MondoSynonym[]>;
  /** Cross-references of the full release as mappings (`MONDO:equivalentTo` -> exactMatch, else hasDbXref); [] for the reports. */
  xrefMappings: SssomMapping[];
}

const OBSOLETE = 'obsolete ';

/**
 * Mondo from the resolved `mondo` inputs: the full release (OBO or OBO Graphs JSON) when present,
 * else the partial reports (class-stats, subsets, both edge files, obsoletes, the 2023 rare list's
 * synonyms and the release-diff definitions).
 */
export function readMondo(inputs: Pick<SourceFiles, 'files' | 'one'>): MondoData {
  const ontology = inputs.files('ontology')?.[0];
  if (ontology) return mondoFromOntology(/\.json(\.gz)?$/.test(ontology) ? readMondoJson(ontology) : readMondoObo(ontology));
  const file = (name: string) => inputs.one(name);
  const classes = readMondoClasses(file('class-stats'));
  const labels = new Map(classes.map((c) => [c.id, c.label.replace(/^obsolete /, '')]));
  return {
    version: null,
    from: 'reports',
    classes,
    obsoletes: readMondoObsoletes(file('obsoletes'), labels),
    subsets: readMondoSubsets(file('subsets')),
    edges: [...readOntologyEdges(file('edges')), ...readRareEdges(file('rare-edges'))],
    definitions: readMondoDefinitions(file('definitions-new'), file('definitions-changed')),
    synonyms: new Map(
      readMondoRareList(file('rare-list')).map((r) => [
        r.id,
        r.synonyms.map((text) => ({ text, scope: null, type: null, references: [] })),
      ]),
    ),
    xrefMappings: [],
  };
}

/** Mondo's facts from one full release. Definitions carry the release date ('' when the file states none). */
export function mondoFromOntology(o: MondoOntology): MondoData {
  const version = o.version ? releaseDate(o.version) : null;
  const data: MondoData = {
    version,
    from: 'ontology',
    classes: [],
    obsoletes: [],
    subsets: [],
    edges: [],
    definitions: new Map(),
    synonyms: new Map(),
    xrefMappings: [],
  };
  for (const t of o.terms) {
    const bare = t.label.startsWith(OBSOLETE) ? t.label.slice(OBSOLETE.length) : t.label;
    data.classes.push({ id: t.id, label: t.obsolete ? OBSOLETE + bare : t.label, hasTextDef: t.definition !== null });
    if (t.obsolete) {
      data.obsoletes.push({ id: t.id, label: bare, replacedBy: t.replacedBy, consider: [...new Set(t.consider)] });
      continue;
    }
    for (const subset of new Set(t.subsets)) data.subsets.push({ id: t.id, subset, group: '' });
    for (const parent of t.parents) data.edges.push({ child: t.id, parent });
    if (t.definition)
      data.definitions.set(t.id, {
        id: t.id,
        text: t.definition.text,
        date: version ?? '',
        commit: '',
        references: t.definition.references,
      });
    if (t.synonyms.length > 0) data.synonyms.set(t.id, t.synonyms);
    for (const x of t.xrefs) {
      if (!/^[A-Za-z][A-Za-z0-9_.-]*:\S+$/.test(x.id) || /^https?:/.test(x.id)) continue; // URLs and free text are not codes
      const object = x.id.startsWith('MESH:') ? `mesh:${x.id.slice(5)}` : x.id;
      const exact = x.sources.includes('MONDO:equivalentTo');
      data.xrefMappings.push({
        subject: t.id,
        predicate: exact ? 'exactMatch' : 'hasDbXref',
        object,
        objectLabel: null,
        justification: 'semapv:UnspecifiedMatching',
      });
    }
  }
  return data;
}
