import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readBuildSettings } from '../build-settings.ts';
import { loadSchemas } from '../schema/load-schemas.ts';
import { createValidator } from '../schema/validate-record.ts';
import { type CurrentReleases, checkEditorial, statementsOf } from './editorial-checks.ts';
import { type EditorialFile, editorialFileName, fileNameProblem, readEditorialFiles, readOne } from './editorial-file.ts';
import { readEditorialHpo } from './hpo-terms.ts';
import { STALE_AFTER_MONTHS, monthsSince } from './editorial-qc.ts';
import { printBrief } from './curator-brief.ts';
import { priorityOrder, PRIORITY_RULE, TRANCHE_SIZE } from './priority.ts';
import { openPublishedRecords } from './published-records.ts';

const USAGE = `npm run editorial -- <command>
  status [--json]          coverage of the priority list, reviews and staleness
  priority [--from N] [--to M]   the priority list (TSV: rank, id, name, group, why, file)
  brief <MONDO:id>         what the record states now: the curator's starting point
  hpo <words...> [--for MONDO:id]   HPO terms whose label or synonym has every word
  check [file...]          QC tiers 1 and 2 of the named files (default: every file)
DIST_DIR (the snapshot read), DATA_DIR (HPO) and EDITORIAL_DIR (the files) as for the build.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean' }, from: { type: 'string' }, to: { type: 'string' }, for: { type: 'string' } },
});
const settings = readBuildSettings();
const contentDir = resolve('content');

function currentReleases(): CurrentReleases {
  const release = JSON.parse(readFileSync(join(settings.distDir, 'current', 'release.json'), 'utf8')) as {
    sources: { id: string; release: string }[];
  };
  const of = (id: string) => release.sources.find((s) => s.id === id)?.release ?? 'unknown';
  return { mondo: of('mondo'), hpo: of('hpo'), hgnc: of('hgnc') };
}

function status(): void {
  const records = openPublishedRecords(settings.distDir);
  const order = priorityOrder(records, contentDir);
  const files = new Map(readEditorialFiles(settings.editorialDir).map(({ doc }) => [(doc as EditorialFile).mondoId, doc as EditorialFile]));
  const now = new Date();
  const groups = new Map<string, { total: number; done: number; reviewed: number }>();
  for (const e of order) {
    const g = groups.get(e.group) ?? { total: 0, done: 0, reviewed: 0 };
    g.total++;
    const doc = files.get(e.mondoId);
    if (doc) g.done++;
    if (doc?.reviews.length) g.reviewed++;
    groups.set(e.group, g);
  }
  const tranche = order.filter((e) => e.inTranche);
  const stale = [...files.values()].filter((d) => monthsSince(d.curated.on, now) >= STALE_AFTER_MONTHS).map((d) => d.mondoId);
  const unlisted = [...files.keys()].filter((id) => !order.some((e) => e.mondoId === id));
  const nextUp = tranche.filter((e) => !files.has(e.mondoId)).slice(0, 10);
  const summary = {
    rule: PRIORITY_RULE,
    files: files.size,
    tranche: { size: tranche.length, target: TRANCHE_SIZE, done: tranche.filter((e) => files.has(e.mondoId)).length },
    groups: Object.fromEntries(groups),
    unreviewed: [...files.values()].filter((d) => d.reviews.length === 0).length,
    stale,
    unlisted,
    next: nextUp.map((e) => `${e.rank} ${e.mondoId} ${e.name}`),
  };
  if (values.json) return void process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  const lines = [
    summary.rule,
    `editorial files: ${summary.files}; first tranche (ranks 1-${tranche.length}): ${summary.tranche.done} of ${tranche.length} done`,
    ...[...groups].map(([g, c]) => `  ${g}: ${c.done} of ${c.total} have a file, ${c.reviewed} reviewed`),
    `not yet reviewed by a second reader: ${summary.unreviewed}`,
    `older than ${STALE_AFTER_MONTHS} months (tier 3 review): ${stale.length ? stale.join(', ') : 'none'}`,
    `files outside the priority list: ${unlisted.length ? unlisted.join(', ') : 'none'}`,
    `next in the tranche: ${nextUp.length ? '' : 'none'}`,
    ...summary.next.map((n) => `  ${n}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function priority(): void {
  const order = priorityOrder(openPublishedRecords(settings.distDir), contentDir);
  const from = Number(values.from ?? 1);
  const to = Number(values.to ?? order.length);
  const rows = order.filter((e) => e.rank >= from && e.rank <= to);
  const has = (id: string) => (existsSync(join(settings.editorialDir, editorialFileName(id))) ? 'yes' : '');
  process.stdout.write(
    `${[
      'rank\tmondo_id\tname\tgroup\twhy\tfile',
      ...rows.map((e) => [e.rank, e.mondoId, e.name, e.group, e.why, has(e.mondoId)].join('\t')),
    ].join('\n')}\n`,
  );
}

function hpo(words: string[]): void {
  const terms = readEditorialHpo(settings.dataDir, contentDir);
  const want = words.map((w) => w.toLowerCase());
  const annotated = new Set<string>();
  if (values.for) for (const p of openPublishedRecords(settings.distDir).get(values.for)?.phenotypes ?? []) annotated.add(p.hpoId);
  const hits = [...new Set(terms.terms.values())]
    .filter((t) => !t.obsolete && t.names.some((n) => want.every((w) => n.includes(w))))
    .sort((a, b) => Number(annotated.has(b.id)) - Number(annotated.has(a.id)) || a.label.length - b.label.length)
    .slice(0, 25);
  const lines = hits.map((t) => `${t.id}\t${t.label}${annotated.has(t.id) ? '\t(annotated to the disease)' : ''}`);
  process.stdout.write(`${lines.length ? lines.join('\n') : 'no term has every word'}\n`);
}

function check(paths: string[]): void {
  const validate = createValidator(loadSchemas(join(contentDir, 'schemas')), 'EditorialFile');
  const records = openPublishedRecords(settings.distDir);
  const hpoTerms = readEditorialHpo(settings.dataDir, contentDir);
  const now = currentReleases();
  const docs = paths.length ? paths.map((p) => readOne(resolve(p))) : readEditorialFiles(settings.editorialDir);
  let failed = 0;
  for (const { file, doc } of docs) {
    const schema = validate(doc);
    if (schema.length) {
      failed++;
      for (const m of schema) process.stdout.write(`TIER 1 ${file} ${m}\n`);
      continue;
    }
    const d = doc as EditorialFile;
    const record = records.get(d.mondoId);
    const result = checkEditorial(d, record ? statementsOf(record) : null, hpoTerms, now);
    const named = fileNameProblem(file, d);
    if (named) result.tier1.push(named);
    if (result.tier1.length) failed++;
    for (const m of result.tier1) process.stdout.write(`TIER 1 ${file} ${m}\n`);
    for (const c of result.tier2) process.stdout.write(`TIER 2 ${file} ${c.pointer}: ${c.reason}\n`);
    for (const w of result.warnings) process.stdout.write(`warning ${file} ${w}\n`);
  }
  process.stdout.write(`${docs.length} file(s) checked, ${failed} with tier-1 problems\n`);
  if (failed) process.exitCode = 1;
}

const [command, ...rest] = positionals;
if (command === 'status') status();
else if (command === 'priority') priority();
else if (command === 'brief' && rest.length === 1) printBrief(openPublishedRecords(settings.distDir), rest[0]);
else if (command === 'hpo' && rest.length > 0) hpo(rest);
else if (command === 'check') check(rest);
else {
  process.stderr.write(`${USAGE}\n`);
  process.exitCode = 2;
}
