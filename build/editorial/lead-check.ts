import { INHERITANCE_LABELS } from '../../server/contract/api/vocab.ts';
import { CLASSIFICATION_PHRASES } from '../record/prose/template-words.ts';
import { type EditorialFile, pointerValue } from './editorial-file.ts';

/**
 * The lead's fact check (QC tier 1): every number, every word with a capital letter after the
 * sentence's first, and every word with a digit in a lead sentence must occur in the facts its
 * `basedOn` names (their text, test names, findings, HPO labels and gene symbols) or in the
 * disease's name, and so must a classing word the build's prose check holds to the facts (a mode of
 * inheritance, "core", "secondary"). Other lower-case wording is ours; names, figures and symbols
 * must be the facts'.
 */
export const LEAD_CHECK_RULE =
  "Each sentence of an editorial lead names the facts it rests on (`basedOn`, JSON pointers into the editorial file); every number, gene symbol, identifier, capitalized word and classing word (a mode of inheritance, core, secondary) of the sentence must occur in those facts or in the disease's name, or the build stops.";

// A word or number: letters and digits together ("1A", "16th", "CYP21A2"), inner dots and commas only before a digit ("2.0", "30,000").
const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}'’-]|[.,](?=\p{N}))*/gu;
const NEEDS_SUPPORT = /\d|\p{Lu}/u;

/** Every string under a value, joined: the text a pointer's fact offers to a sentence (a mode of inheritance as its label too). */
function textOf(value: unknown): string {
  if (typeof value === 'string')
    return value in INHERITANCE_LABELS ? `${value} \n ${INHERITANCE_LABELS[value as keyof typeof INHERITANCE_LABELS]}` : value;
  if (Array.isArray(value)) return value.map(textOf).join(' \n ');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join(' \n ');
  return '';
}

/** True when `token` occurs in `text` as a whole word (case-insensitive for words without digits). */
function occurs(token: string, text: string): boolean {
  const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const flags = /\d/.test(token) || token === token.toUpperCase() ? 'u' : 'iu';
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, flags).test(text);
}

/**
 * Problems of one lead sentence, each naming the word and the sentence's index; empty when the
 * sentence is supported. A pointer that names nothing is a problem too.
 */
export function checkLeadSentence(doc: EditorialFile, index: number): string[] {
  const sentence = doc.lead[index];
  const problems: string[] = [];
  const support: string[] = [doc.name];
  for (const pointer of sentence.basedOn) {
    const value = pointerValue(doc, pointer);
    if (value === undefined || value === null) problems.push(`/lead/${index}: basedOn ${pointer} names no fact`);
    else support.push(textOf(value));
  }
  const text = support.join(' \n ');
  const tokens = sentence.text.match(TOKEN) ?? [];
  tokens.forEach((token, k) => {
    if (!NEEDS_SUPPORT.test(token)) return;
    // The sentence's first word is capitalized by grammar, not because it is a name.
    if (k === 0 && /^\p{Lu}[\p{Ll}'’-]*$/u.test(token)) return;
    if (!occurs(token, text)) problems.push(`/lead/${index}: "${token}" is in none of its facts (${sentence.basedOn.join(', ')})`);
  });
  for (const phrase of CLASSIFICATION_PHRASES)
    if (occurs(phrase, sentence.text) && !occurs(phrase, text))
      problems.push(
        `/lead/${index}: "${phrase}" classes the disease or its features, and is in none of its facts (${sentence.basedOn.join(', ')})`,
      );
  return problems;
}

/** The lead's problems, sentence by sentence. */
export function checkLead(doc: EditorialFile): string[] {
  return doc.lead.flatMap((_, i) => checkLeadSentence(doc, i));
}
