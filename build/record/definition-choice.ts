import type { MondoDefinition } from '../ingest/source-types.ts';

/**
 * Which definition a record quotes (DEFINITION_RULE). The Orphanet export read here (the orphapackets)
 * has lost the commas of almost every definition; where Mondo gives the same words with their
 * punctuation, Mondo's text is quoted.
 */

export const DEFINITION_RULE =
  "Mondo's own definition when the class has one, else Orphanet's (exact match), else the Disease Ontology's (exact match); null when none " +
  'defines the disease. An Orphanet definition without commas (the orphapackets lost them from 6,840 of 6,891 definitions) is quoted as a ' +
  'Mondo class gives the same words in the same order with their punctuation, where one does (`source` mondo, `sourceId` that class); ' +
  'otherwise as the export gives it, which the overview says.';

/** The words of a text in order, lower case, without punctuation: an Orphanet definition and Mondo's copy of it have the same. */
export function definitionWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every Mondo definition by its words (definitionWords), for the punctuated text of an Orphanet definition. */
export function punctuatedDefinitions(definitions: ReadonlyMap<string, MondoDefinition>): ReadonlyMap<string, MondoDefinition> {
  const out = new Map<string, MondoDefinition>();
  for (const d of [...definitions.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    if (d.text.includes(',') && !out.has(definitionWords(d.text))) out.set(definitionWords(d.text), d);
  return out;
}
