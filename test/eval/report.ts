import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { UNREACHABLE_REASONS } from './concept-map.ts';
import { MENTION_TYPES } from './corpus.ts';
import type { Outcome, SplitResult } from './evaluate.ts';
import { percent } from './metrics.ts';

/** The figures table: one line per split and ranker. */
export function printFigures(results: SplitResult[]): void {
  console.log('\nsplit        ranker       reachable  hit@1    hit@10   MRR     (unreachable)');
  for (const s of results) {
    for (const [name, f] of Object.entries(s.figures)) {
      console.log(
        `${s.split.padEnd(12)} ${name.padEnd(12)} ${String(f.mentions).padStart(9)}  ${percent(f.hit1).padStart(7)}  ${percent(f.hit10).padStart(7)}  ${f.mrr.toFixed(3)}   (${s.unreachable.length})`,
      );
    }
  }
}

/** Unreachable mentions per reason, per split. */
export function printUnreachable(results: SplitResult[]): void {
  console.log('\nunreachable mentions (not scored), by reason:');
  for (const s of results) {
    const counts = UNREACHABLE_REASONS.map((r) => `${r} ${s.unreachable.filter((u) => u.reason === r).length}`);
    console.log(`  ${s.split}: ${s.unreachable.length} of ${s.unreachable.length + s.outcomes.length} (${counts.join(', ')})`);
  }
}

/** Misses of `ranker` (not in its top 10), per mention type, and whether anything came back at all. */
export function printMissSummary(results: SplitResult[], ranker: string, rows: Map<string, ListingRow>, show: number): void {
  for (const s of results) {
    const misses = s.outcomes.filter((o) => o.ranks[ranker] === 0 || o.ranks[ranker] > 10);
    const byType = MENTION_TYPES.map(
      (t) => `${t} ${misses.filter((o) => o.mention.type === t).length}/${s.outcomes.filter((o) => o.mention.type === t).length}`,
    );
    const empty = misses.filter((o) => o.top[ranker].length === 0).length;
    const deep = misses.filter((o) => o.ranks[ranker] > 10).length;
    console.log(
      `\n${ranker} misses in ${s.split} (not in the top 10): ${misses.length}; no result at all ${empty}, found at rank 11-100 ${deep}; by type (missed/all): ${byType.join(', ')}`,
    );
    for (const o of misses.slice(0, show)) {
      const got = o.top[ranker].map((id) => rows.get(id)?.name ?? id).join(' | ') || '(nothing)';
      console.log(`  "${o.mention.text}" -> want ${o.gold.map((id) => rows.get(id)?.name ?? id).join(' / ')}; got ${got}`);
    }
  }
}

function tsvCell(s: string): string {
  return s.replace(/[\t\n]/g, ' ');
}

/** Every outcome not ranked first by `ranker`, one TSV line each, to `dir/misses-<split>.tsv`; returns the files. */
export function writeMisses(results: SplitResult[], rankers: string[], rows: Map<string, ListingRow>, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const name = (id: string) => `${id} ${rows.get(id)?.name ?? '?'}`;
  const files: string[] = [];
  for (const s of results) {
    const head = ['type', 'count', 'mention', 'concepts', 'gold', ...rankers.flatMap((r) => [`${r} rank`, `${r} top 3`])];
    const lines = [head.join('\t')];
    const missed = (o: Outcome) => o.ranks[rankers[0]] !== 1;
    for (const o of s.outcomes.filter(missed)) {
      const cells = [
        o.mention.type,
        String(o.mention.count),
        o.mention.text,
        o.mention.concepts.join(' '),
        o.gold.map(name).join(' | '),
        ...rankers.flatMap((r) => [String(o.ranks[r]), o.top[r].map(name).join(' | ')]),
      ];
      lines.push(cells.map(tsvCell).join('\t'));
    }
    for (const u of s.unreachable) {
      lines.push(
        [u.mention.type, String(u.mention.count), u.mention.text, u.mention.concepts.join(' '), `unreachable: ${u.reason}`]
          .map(tsvCell)
          .join('\t'),
      );
    }
    const file = join(dir, `misses-${s.split}.tsv`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    files.push(file);
  }
  return files;
}
