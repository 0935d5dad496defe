import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TargetSummary } from './run-load.ts';

/** One printed row, as it also goes into results.json. */
export interface Row {
  target: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** requests/s over the baseline's requests/s; 1 for the baseline itself. */
  ratio: number;
  /** Server CPU microseconds per request (process tree, user + system); null without /proc. */
  cpuUsPerRequest: number | null;
  roundsRequestsPerSec: number[];
}

/** A goal from the issue and whether this run met it. */
export interface Goal {
  goal: string;
  value: number;
  met: boolean;
}

const fmt = (n: number, digits: number) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/** Rows of a comparison, each with its ratio to the target named `baseline`. */
export function rowsOf(summaries: TargetSummary[], baseline: string): Row[] {
  const base = summaries.find((s) => s.name === baseline);
  if (!base) throw new Error(`no baseline ${baseline} among ${summaries.map((s) => s.name).join(', ')}`);
  return summaries.map((s) => ({
    target: s.name,
    requestsPerSec: s.requestsPerSec,
    p50Ms: s.p50,
    p99Ms: s.p99,
    ratio: s.requestsPerSec / base.requestsPerSec,
    cpuUsPerRequest: s.cpuUsPerRequest,
    roundsRequestsPerSec: s.rounds.map((r) => r.requestsPerSec),
  }));
}

/**
 * Print a throughput table: requests/s, p50, p99 (medians of rounds), ratio, server CPU per
 * request, and each round's requests/s.
 */
export function printTable(title: string, rows: Row[], baseline: string, notes: string[] = []): void {
  const w = Math.max(14, ...rows.map((r) => r.target.length)) + 2;
  console.log(`\n${title}`);
  console.log(
    `  ${'target'.padEnd(w)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}${'CPU us/req'.padStart(12)}   req/s per round`,
  );
  for (const r of rows) {
    const ratio = r.target === baseline ? 'base' : fmt(r.ratio, 2);
    console.log(
      `  ${r.target.padEnd(w)}${fmt(r.requestsPerSec, 0).padStart(10)}${fmt(r.p50Ms, 2).padStart(9)}${fmt(r.p99Ms, 2).padStart(9)}${ratio.padStart(8)}${fmt(r.cpuUsPerRequest ?? NaN, 1).padStart(12)}   ${r.roundsRequestsPerSec.map((x) => Math.round(x)).join(' ')}`,
    );
  }
  for (const n of notes) console.log(`  note: ${n}`);
}

/** Print a latency table for in-process timings. */
export function printLatencies(title: string, rows: { name: string; queries: number; samples: number; p50: number; p99: number }[]): void {
  const w = Math.max(14, ...rows.map((r) => r.name.length)) + 2;
  console.log(`\n${title}`);
  console.log(`  ${'queries'.padEnd(w)}${'distinct'.padStart(9)}${'timed'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(w)}${String(r.queries).padStart(9)}${String(r.samples).padStart(8)}${fmt(r.p50, 3).padStart(9)}${fmt(r.p99, 3).padStart(9)}`,
    );
}

/** Print a goal line and return it for the summary. */
export function goal(text: string, value: number, met: boolean, shown: string): Goal {
  console.log(`  goal: ${text}: ${shown} -> ${met ? 'met' : 'NOT met'}`);
  return { goal: text, value, met };
}

/** Write the JSON summary (creating its directory). */
export function writeSummary(file: string, summary: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
}
