import { readFileSync } from 'node:fs';
import { DEFAULT_POLICIES, type Policies, parsePolicies } from '../contract/api/quotas.ts';

/** Read and validate a tiers file (the default policies when `file` is not given); throws on any problem. */
export function loadPolicies(file?: string): Policies {
  if (!file) return DEFAULT_POLICIES;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: cannot be read as JSON: ${(err as Error).message}`);
  }
  return parsePolicies(json, file);
}
