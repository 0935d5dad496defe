/**
 * Repair of the FDA OOPD export's broken characters. The export writes every character it could
 * not encode as `¿` (and some UTF-8 read as Latin-1 first): "Huntington¿s disease", "patients¿
 * CD4+ T cells", "(5¿- CTATATATAG ... -3¿)". Each rule below says what the `¿` stood for where the
 * context leaves one reading; the raw value is kept beside the repaired one (`textRepairs` of an
 * orphan drug entry), and a `¿` no rule explains stays, so that the prose check (PROSE_CHARACTER_RULE)
 * stops the build rather than guess.
 */

/** One repair rule: what it matches and what it writes. */
interface RepairRule {
  name: string;
  pattern: RegExp;
  replacement: string;
}

/** In order: mojibake first (its bytes contain `¿`), then the context rules. */
const RULES: readonly RepairRule[] = [
  // U+2010 HYPHEN encoded as UTF-8 (E2 80 90), read as Latin-1 and its two controls lost: "â¿¿".
  { name: 'utf-8 hyphen read as Latin-1', pattern: /â¿¿/g, replacement: '\u2010' },
  // Greek letters in UTF-8 read as Latin-1 (alpha CE B1, epsilon CE B5): "Î±", "Îµ".
  { name: 'utf-8 alpha read as Latin-1', pattern: /Î±/g, replacement: 'α' },
  { name: 'utf-8 epsilon read as Latin-1', pattern: /Îµ/g, replacement: 'ε' },
  // "Huntington¿s disease", "patient¿s usual seizure": an apostrophe between a letter and a closing "s".
  { name: "apostrophe before 's'", pattern: /(?<=\p{L})¿(?=s(?!\p{L}))/gu, replacement: "'" },
  // "patients¿ CD4+ T cells": the apostrophe of a plural possessive.
  { name: 'apostrophe after plural s', pattern: /(?<=\p{Ll}s)¿(?=\s)/gu, replacement: "'" },
  // "5¿-", "-3¿)", "2¿-O-(2-methoxyethyl)", "1¿,1¿-", "3¿H": a prime after a locant digit in a chemical name.
  { name: 'prime after a digit', pattern: /(?<=\d)¿/g, replacement: '\u2032' },
  // "TECARTUS¿ is indicated", "PEGASEMP¿(doxorubicin", "KXL¿ System": a trademark sign after a name, dropped.
  { name: 'trademark sign after a name', pattern: /(?<=\p{L}{2})¿(?=[\s(]|$)/gu, replacement: '' },
];

/** The repair rules in words, for the schema description and the README. */
export const TEXT_REPAIR_RULE =
  'The FDA export writes characters it could not encode as "¿". Repaired by these rules, in order, and the raw value kept in `textRepairs`: ' +
  '"â¿¿" (a UTF-8 hyphen read as Latin-1) is a hyphen, "Î±" and "Îµ" are α and ε; "¿" between a letter and a closing "s" is an apostrophe ' +
  '("Huntington\'s disease"), and after a plural "s" before a space too ("patients\' CD4+ T cells"); after a digit it is a prime ("5′-", "3′)") ' +
  'as in the locants of chemical and nucleotide names; after a name and before a space or "(" it is a trademark sign, dropped ("TECARTUS is"). ' +
  'A "¿" no rule explains is left as it is and never reaches the prose.';

/** A repaired text: the new value, the raw one and the rules that changed it (empty when none did). */
export interface Repaired {
  text: string;
  raw: string;
  rules: string[];
}

/** Repair one text by the rules in order. */
export function repairText(raw: string): Repaired {
  if (!raw.includes('¿')) return { text: raw, raw, rules: [] };
  let text = raw;
  const rules: string[] = [];
  for (const rule of RULES) {
    const next = text.replace(rule.pattern, rule.replacement);
    if (next !== text) rules.push(rule.name);
    text = next;
  }
  return { text, raw, rules };
}

/**
 * Characters that never belong in served prose: U+FFFD (a decoder's replacement character) and
 * `¿` (the FDA export's). A section holding one stops the build.
 */
export const REPLACEMENT_CHARACTERS = /[\uFFFD¿]/;

/** True when a text still holds a replacement character (see REPLACEMENT_CHARACTERS). */
export function hasReplacementCharacter(text: string): boolean {
  return REPLACEMENT_CHARACTERS.test(text);
}

/**
 * The FDA export also writes some characters it lost as a plain "?": "human ?-glucocerebrosidase",
 * "iduronate?2? sulfatase", "Wegener?s". Its designations, names and indications ask no questions,
 * so every "?" in them is a lost character. No rule guesses the letter: the raw text is kept as the
 * source gives it, and prose shows such a text only with each "?" marked (LOST_CHARACTER_MARK) or
 * leaves the broken part out (a product named by its intact trade or generic name).
 */
export const LOST_CHARACTER_RULE =
  'The FDA export also writes a character it lost as "?" ("human ?-glucocerebrosidase"); its texts ask no questions, so every "?" in them is ' +
  'a lost character. The letter is never guessed: the raw text is kept, prose names a product by its intact trade or generic name when the ' +
  'other one holds a "?", and quotes a text holding one only with each "?" written "[?]", followed by a note saying what "[?]" marks.';

/** How prose marks a character the FDA export lost. */
export const LOST_CHARACTER_MARK = '[?]';

/** The note prose adds after a text with a marked lost character. */
export const LOST_CHARACTER_NOTE = `${LOST_CHARACTER_MARK} marks a character the FDA export lost.`;

/** True when an FDA text holds a character the export lost (a "?"). */
export function hasLostCharacter(text: string | null): boolean {
  return text?.includes('?') ?? false;
}

/** An FDA text with each lost character marked ("human [?]-glucocerebrosidase"). */
export function markLostCharacters(text: string): string {
  return text.replace(/\?/g, LOST_CHARACTER_MARK);
}

/**
 * The passages of FDA texts around each lost character ("human ?-glucoc"), which prose must never
 * show as if intact (the fact check looks for them).
 */
export function lostCharacterPassages(texts: readonly (string | null)[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    if (!hasLostCharacter(text)) continue;
    for (const m of text!.matchAll(/.{0,6}\?.{0,6}/gsu)) out.add(m[0]);
  }
  return [...out];
}
