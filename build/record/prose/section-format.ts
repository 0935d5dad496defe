import type { GeneAssociation } from '../record-types.ts';

/**
 * Most items a section names from one list; the rest are counted ("and 14 more"). The fact
 * checker accepts "count minus LIST_LIMIT" as a derived number, so every list must be cut here.
 */
export const LIST_LIMIT = 10;

/** Readable association names for the genetics section. */
export const ASSOCIATION_TEXT: Record<GeneAssociation, string> = {
  causal: 'causal',
  'causal-loss-of-function': 'causal, loss of function',
  'causal-gain-of-function': 'causal, gain of function',
  somatic: 'somatic',
  susceptibility: 'susceptibility',
  modifier: 'modifier',
  'role-in-phenotype': 'role in phenotype',
  fusion: 'fusion',
  candidate: 'candidate',
  associated: 'associated, type not given',
};

/** Display names of definition sources. */
export const DEFINITION_SOURCE_TEXT = { mondo: 'Mondo', orphanet: 'Orphanet', doid: 'Disease Ontology' } as const;

/** "1 feature" / "3 features". */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Join with commas and a final "and": "A", "A and B", "A, B and C". */
export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Name at most LIST_LIMIT items and count the rest; `items` must be the whole list. */
export function listWithRest(items: string[], separator = '; '): string {
  if (items.length <= LIST_LIMIT) return items.join(separator);
  return `${items.slice(0, LIST_LIMIT).join(separator)}${separator}and ${items.length - LIST_LIMIT} more`;
}

/**
 * A percentage as shown: whole numbers as they are, values of 10 or more rounded to an integer,
 * smaller ones to one decimal. The checker accepts a fact value rounded to the shown precision.
 */
export function formatPercent(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value >= 10 ? String(Math.round(value)) : String(Number(value.toFixed(1)));
}

/** End a sentence with a period unless it already ends with terminal punctuation. */
export function sentence(text: string): string {
  return /[.!?]["”]?$/.test(text) ? text : `${text}.`;
}
