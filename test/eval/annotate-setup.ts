import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildConceptLexicon } from '../../build/compile/concept-lexicon-build.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { resolveInputs } from '../../build/ingest/registry.ts';
import { HPO } from '../../build/ingest/sources/hpo-source.ts';
import { readBuildSettings } from '../../build/build-settings.ts';
import { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { CONCEPT_LEXICON_VERSION, type SerializedConceptLexicon } from '../../server/contract/snapshot/concept-lexicon.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { CORPORA, type CorpusName, readTextCorpus, Scorer, type TextDocument } from './hpo-text.ts';

/**
 * What eval:annotate and train:annotate read: the lexicon (the published snapshot's, or one made
 * from DATA_DIR's HPO), the HPO text corpora (EVAL_DIR, default ../shared/data/eval/hpo-text) and
 * their gold sets by the corpora's protocol (hpo-text.ts).
 */

const ROOT = resolve(import.meta.dirname, '../..');

export interface AnnotateSetup {
  lexicon: ConceptLexicon;
  hpo: ReturnType<typeof readHpoOntology>;
  scorer: Scorer;
  corpora: { name: CorpusName; docs: TextDocument[] }[];
  /** Scored gold ids per document. */
  gold: Map<TextDocument, Set<string>>;
  /** The gold ids of a document's annotations mapped to current ids, with each annotation's text (null when the corpus gives none). */
  mentions: (d: TextDocument) => [string, string][];
}

/** Load everything; `rebuild` makes the lexicon from DATA_DIR even when a snapshot is published. */
export function annotateSetup(rebuild: boolean): AnnotateSetup {
  const { distDir, dataDir } = readBuildSettings();
  const evalDir = resolve(ROOT, process.env.EVAL_DIR ?? '../shared/data/eval/hpo-text');
  const hpo = readHpoOntology(hpoFile(dataDir));
  const lexicon = new ConceptLexicon(loadLexicon(distDir, hpo, rebuild));
  const replacedBy = new Map<string, string>();
  for (const t of hpo.terms.values()) {
    for (const alt of t.altIds) replacedBy.set(alt, t.id);
    if (t.deprecated && t.replacedBy) replacedBy.set(t.id, t.replacedBy);
  }
  const inScope = (id: string) => lexicon.termNumber(id) !== undefined;
  const scorer = new Scorer(
    join(evalDir, 'hpo-alt-ids-2023-10-09.json'),
    (id) => replacedBy.get(id) ?? null,
    inScope,
    (id) => hpo.terms.has(id),
  );
  const corpora = Object.keys(CORPORA).map((name) => ({ name: name as CorpusName, docs: readTextCorpus(evalDir, name as CorpusName) }));
  const gold = new Map<TextDocument, Set<string>>();
  for (const c of corpora) for (const d of c.docs) gold.set(d, scorer.set(d.gold, true));
  const mentions = (d: TextDocument) =>
    d.spans.flatMap(([text, id]): [string, string][] => {
      const [mapped] = scorer.set([id]);
      return mapped === undefined || text === null ? [] : [[text, mapped]];
    });
  return { lexicon, hpo, scorer, corpora, gold, mentions };
}

/** DATA_DIR's HPO release, found as the build finds it (its source entry: a current hp.json first). */
function hpoFile(dataDir: string): string {
  const contentDir = join(ROOT, 'content');
  const inputs = resolveInputs(HPO, dataDir, contentDir);
  return (inputs.get('current-ontology') ?? inputs.get('ontology')!).files[0];
}

/** The published lexicon (when its format is this code's), or one made now from DATA_DIR's HPO. */
function loadLexicon(distDir: string, hpo: ReturnType<typeof readHpoOntology>, rebuild: boolean): SerializedConceptLexicon {
  const current = join(distDir, 'current');
  if (!rebuild && existsSync(join(current, SNAPSHOT_FILES.conceptLexicon))) {
    const doc = readSnapshotJson<SerializedConceptLexicon>(realpathSync(current), SNAPSHOT_FILES.conceptLexicon);
    if (doc.version === CONCEPT_LEXICON_VERSION) return doc;
  }
  console.log('lexicon made now from DATA_DIR (no published one of this format, or --rebuild-lexicon)');
  return buildConceptLexicon(hpo.terms, hpo.version).lexicon;
}
