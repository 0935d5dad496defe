import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildConceptLexicon } from '../../build/compile/concept-lexicon-build.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { resolveInputs } from '../../build/ingest/registry.ts';
import { HPO } from '../../build/ingest/sources/hpo-source.ts';
import { readBuildSettings } from '../../build/build-settings.ts';
import { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { RECOGNISER, type RecogniserParams, recognise } from '../../server/annotate/recognise.ts';
import type { SerializedConceptLexicon } from '../../server/contract/snapshot/concept-lexicon.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { crossValidate } from './annotate-cv.ts';
import { DictionaryMatcher } from './dictionary-matcher.ts';
import { add, CORPORA, type CorpusName, type Counts, prf, readTextCorpus, Scorer, type TextDocument, ZERO } from './hpo-text.ts';

/**
 * `npm run eval:annotate [-- --cv] [-- --set KINDS=4]`: the concept recogniser of
 * /phenotypes/annotate against the HPO text corpora (EVAL_DIR, default ../shared/data/eval/hpo-text)
 * by their protocol (hpo-text.ts), beside a plain dictionary matcher (dictionary-matcher.ts) on the
 * same documents: precision, recall and F1 per corpus, and p50/p99 per document (after one warm-up
 * pass). Reads the published snapshot's concept lexicon (build first; `--rebuild-lexicon` makes it
 * from DATA_DIR's HPO with the current code instead). `--cv` chooses the recogniser's constants by
 * 5-fold cross-validation over documents (annotate-cv.ts). Misses go to .scratch/eval-annotate/.
 */

const ROOT = resolve(import.meta.dirname, '../..');

function main(): void {
  const { values } = parseArgs({
    options: {
      cv: { type: 'boolean', default: false },
      'rebuild-lexicon': { type: 'boolean', default: false },
      set: { type: 'string', multiple: true, default: [] },
    },
  });
  const params: RecogniserParams = { ...RECOGNISER };
  for (const s of values.set!) {
    const [k, v] = s.split('=');
    if (!(k in params)) throw new Error(`unknown recogniser constant ${k}`);
    (params as Record<string, unknown>)[k] = v === 'true' ? true : v === 'false' ? false : Number(v);
  }
  const { distDir, dataDir } = readBuildSettings();
  const evalDir = resolve(ROOT, process.env.EVAL_DIR ?? '../shared/data/eval/hpo-text');
  const hpo = readHpoOntology(hpoFile(dataDir));
  const lexicon = new ConceptLexicon(loadLexicon(distDir, hpo, values['rebuild-lexicon']!));
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
  const dictionary = new DictionaryMatcher(hpo.terms.values(), inScope);
  const corpora = Object.keys(CORPORA).map((name) => ({ name: name as CorpusName, docs: readTextCorpus(evalDir, name as CorpusName) }));
  const gold = new Map<TextDocument, Set<string>>();
  for (const c of corpora) for (const d of c.docs) gold.set(d, scorer.set(d.gold, true));
  console.log(
    `lexicon: ${lexicon.ids.length} terms, ${lexicon.entryTerm.length} entries, ${lexicon.abbreviations.size} short forms (HPO ${lexicon.hpoRelease}); gold ids unknown to it (newer terms), not scored: ${scorer.unknown}`,
  );
  const ours = (d: TextDocument, p: RecogniserParams) =>
    recognise(lexicon, d.text, p)
      .filter((m) => !m.negated)
      .map((m) => lexicon.ids[m.term]);
  if (values.cv) return crossValidate(corpora, (d, p) => Scorer.counts(gold.get(d)!, scorer.set(ours(d, p))), params);

  console.log(`constants: ${JSON.stringify(params)}\n`);
  console.log('| corpus (docs, gold terms) | matcher | precision | recall | F1 | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  const misses: string[] = [];
  for (const { name, docs } of corpora) {
    const goldTerms = docs.reduce((s, d) => s + gold.get(d)!.size, 0);
    for (const [label, run] of [
      ['ours', (d: TextDocument) => ours(d, params)],
      ['dictionary', (d: TextDocument) => dictionary.match(d.text)],
    ] as const) {
      for (const d of docs) run(d);
      let counts: Counts = ZERO;
      const times: number[] = [];
      for (const d of docs) {
        const t0 = performance.now();
        const found = run(d);
        times.push(performance.now() - t0);
        const predicted = scorer.set(found);
        counts = add(counts, Scorer.counts(gold.get(d)!, predicted));
        if (label === 'ours') misses.push(...missLines(name, d, gold.get(d)!, predicted, lexicon));
      }
      const { p, r, f1 } = prf(counts);
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
      console.log(
        `| ${name} (${docs.length}, ${goldTerms}) | ${label} | ${p.toFixed(3)} | ${r.toFixed(3)} | ${f1.toFixed(3)} | ${at(0.5)} | ${at(0.99)} |`,
      );
    }
  }
  const dir = join(ROOT, '.scratch', 'eval-annotate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'misses.tsv'), `${misses.join('\n')}\n`);
  console.log(`\nmisses: ${join(dir, 'misses.tsv')}`);
}

/** DATA_DIR's HPO release, found as the build finds it (its source entry: a current hp.json first). */
function hpoFile(dataDir: string): string {
  const contentDir = join(ROOT, 'content');
  const inputs = resolveInputs(HPO, dataDir, contentDir);
  return (inputs.get('current-ontology') ?? inputs.get('ontology')!).files[0];
}

/** The published lexicon, or one made now from DATA_DIR's HPO. */
function loadLexicon(distDir: string, hpo: ReturnType<typeof readHpoOntology>, rebuild: boolean): SerializedConceptLexicon {
  const current = join(distDir, 'current');
  if (!rebuild && existsSync(join(current, SNAPSHOT_FILES.conceptLexicon)))
    return readSnapshotJson<SerializedConceptLexicon>(realpathSync(current), SNAPSHOT_FILES.conceptLexicon);
  console.log('lexicon made now from DATA_DIR (no published one, or --rebuild-lexicon)');
  return buildConceptLexicon(hpo.terms, hpo.version).lexicon;
}

/** One line per false positive and false negative of a document. */
function missLines(corpus: string, d: TextDocument, gold: Set<string>, predicted: Set<string>, lexicon: ConceptLexicon): string[] {
  const label = (id: string) => lexicon.labels[lexicon.termNumber(id) ?? -1] ?? '?';
  return [
    ...[...predicted].filter((id) => !gold.has(id)).map((id) => `${corpus}\t${d.id}\tFP\t${id}\t${label(id)}`),
    ...[...gold].filter((id) => !predicted.has(id)).map((id) => `${corpus}\t${d.id}\tFN\t${id}\t${label(id)}`),
  ];
}

main();
