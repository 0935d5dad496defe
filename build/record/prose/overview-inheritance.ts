import { INHERITANCE_LABELS } from '../../../server/contract/api/vocab.ts';
import { MENDELIAN_MODES } from '../inheritance.ts';
import type { RecordFacts } from '../record-facts.ts';
import { joinAnd, sentence } from './section-format.ts';

/**
 * The overview's words for inheritance: the primary mode with the other modes and who states them,
 * and the modes a definition names that the sources do not (the fact check asks for them too).
 */

/** "autosomal recessive" from "Autosomal recessive"; labels starting with a symbol (X-linked) keep their case. */
export function modeText(label: string): string {
  return /^[XY]-/.test(label) ? label : label.toLowerCase();
}

/** Who states a mode of inheritance, in the words of the overview. */
const MODE_SOURCE: Record<RecordFacts['inheritance'][number]['sources'][number]['source'], string> = {
  hpo: 'HPO',
  orphanet: 'Orphanet',
};

/** A sentence on the primary inheritance mode, other modes with the sources that state them; null when the facts give none. */
export function inheritanceSentence(f: RecordFacts): string | null {
  const s = f.inheritanceSummary;
  if (s.primary && s.primaryLabel) {
    const mode = modeText(s.primaryLabel);
    const others = f.inheritance
      .filter((v) => v.term !== s.primary)
      .map((v) => `${modeText(v.label)}, by ${joinAnd([...new Set(v.sources.map((x) => MODE_SOURCE[x.source]))])}`);
    const main = MENDELIAN_MODES.has(s.primary)
      ? `It is inherited in an ${mode} pattern`.replace(/ an ([^aeiouX])/, ' a $1')
      : `Inheritance: ${mode}`;
    return sentence(others.length > 0 ? `${main} (also recorded: ${others.join('; ')})` : main);
  }
  if (f.inheritance.some((v) => v.term === 'not-applicable'))
    return `The sources record it as ${INHERITANCE_LABELS['not-applicable'].toLowerCase()}.`;
  return null;
}

/** Mendelian modes a definition may state in its own words, longest first ("x-linked recessive" before "x-linked"). */
const DEFINITION_MODES = ['autosomal dominant', 'autosomal recessive', 'x-linked dominant', 'x-linked recessive', 'x-linked', 'y-linked'];

/**
 * Mendelian modes the definition names in its own words (lower case) that the record's modes do not
 * cover: "x-linked" is covered by any X-linked mode. Each place in the text counts once, for its longest mode.
 */
export function definitionModes(f: Pick<RecordFacts, 'definition' | 'inheritance'>): string[] {
  let text = f.definition?.text.toLowerCase() ?? '';
  const found: string[] = [];
  for (const m of DEFINITION_MODES) {
    const re = new RegExp(`(?<![\\w-])${m}(?![\\w-])`, 'g');
    if (re.test(text)) found.push(m);
    text = text.replace(re, ' ');
  }
  const stated = f.inheritance.map((v) => v.label.toLowerCase());
  return found.filter((m) => !stated.some((s) => s === m || (m === 'x-linked' && s.startsWith('x-linked'))));
}
