import type { MondoDefinition } from '../ingest/source-types.ts';

/**
 * Which definition a record quotes (DEFINITION_RULE). The Orphanet export read here (the orphapackets)
 * has lost the commas of almost every definition; where Mondo gives the same words with their
 * punctuation, Mondo's text is quoted.
 */

export const DEFINITION_RULE =
  "Mondo's own definition when the class has one, else Orphanet's (exact match), else the Disease Ontology's (exact match); null when none " +
  'defines the disease. An Orphanet definition without commas (the orphapackets lost them from 6,840 of 6,891 definitions) is quoted as a ' +
  'Mondo class gives (or once gave, in its release-diff reports) the same words in the same order with their punctuation, where one does ' +
  '(`source` mondo, `sourceId` that class, `release` the date of that text); ' +
  'otherwise as the export gives it, which the overview says.';

/** The words of a text in order, lower case, without punctuation: an Orphanet definition and Mondo's copy of it have the same. */
export function definitionWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every definition text Mondo has given (current or not) by its words (definitionWords), for the punctuation of an Orphanet definition. */
export function punctuatedDefinitions(texts: readonly MondoDefinition[]): ReadonlyMap<string, MondoDefinition> {
  const out = new Map<string, MondoDefinition>();
  for (const d of [...texts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.text < b.text ? -1 : 1)))
    if (d.text.includes(',') && !out.has(definitionWords(d.text))) out.set(definitionWords(d.text), d);
  return out;
}
