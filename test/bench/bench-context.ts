import type { BenchEnv } from './bench-env.ts';
import type { BenchOptions } from './options.ts';
import type { Goal, Row } from './report.ts';
import type { SnapshotSource } from './snapshot-source.ts';

/** What every measurement group gets. */
export interface BenchContext {
  options: BenchOptions;
  src: SnapshotSource;
  env: BenchEnv;
  /** Progress lines (stderr), kept apart from the tables on stdout. */
  progress(line: string): void;
}

/** One comparison as it goes into results.json. */
export interface CaseResult {
  name: string;
  request: string;
  baseline: string;
  rows: Row[];
  notes: string[];
}

/** One measurement group's part of results.json. */
export interface GroupResult {
  cases: CaseResult[];
  latencies?: { name: string; queries: number; samples: number; p50: number; p99: number }[];
  goals: Goal[];
  notes: string[];
  /** Figures that are no throughput table (start-up times, bundle sizes). */
  data?: Record<string, unknown>;
}

/** The Authorization header for a key. */
export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}
