import { INHERITANCE_LABELS } from '../../server/contract/api/vocab.ts';
import { MENDELIAN_MODES } from './inheritance.ts';
import { headlinePrevalence } from './prevalence.ts';
import { isCausal, type RecordFacts } from './record-facts.ts';
import { DEFINITION_SOURCE_TEXT, joinAnd, listWithRest, sentence } from './section-format.ts';
import { prevalenceCategoryOfClass } from './vocab-mapping.ts';

/**
 * The overview: what the disease is, how it is inherited, which genes, typical onset and one
 * headline prevalence figure with its source and year, then other names and subtypes. Every
 * clause is fixed wording or a value copied from the facts (fact-check.ts verifies it).
 */

/** Upper-case the first letter when the first word is all lower case (so 'mTOR…' stays as it is). */
export function capitalize(name: string): string {
  return /^\p{Ll}+(?![\p{L}\p{N}])/u.test(name) ? name[0].toUpperCase() + name.slice(1) : name;
}

/** "autosomal recessive" from "Autosomal recessive"; labels starting with a symbol (X-linked) keep their case. */
export function modeText(label: string): string {
  return /^[XY]-/.test(label) ? label : label.toLowerCase();
}

/** A sentence on the primary inheritance mode; null when the facts give none. */
export function inheritanceSentence(f: RecordFacts): string | null {
  const s = f.inheritanceSummary;
  if (s.primary && s.primaryLabel) {
    const mode = modeText(s.primaryLabel);
    const others = f.inheritance.filter((v) => v.term !== s.primary).map((v) => modeText(v.label));
    const main = MENDELIAN_MODES.has(s.primary)
      ? `It is inherited in an ${mode} pattern`.replace(/ an ([^aeiouX])/, ' a $1')
      : `Inheritance: ${mode}`;
    return sentence(others.length > 0 ? `${main} (also recorded: ${joinAnd(others)})` : main);
  }
  if (f.inheritance.some((v) => v.term === 'not-applicable'))
    return `The sources record it as ${INHERITANCE_LABELS['not-applicable'].toLowerCase()}.`;
  return null;
}

/** A sentence on the genes: causal first, else associated, else the subtypes' causal genes; null when none. */
export function genesSentence(f: RecordFacts): string | null {
  const causal = f.genes.filter((g) => isCausal(g.association)).map((g) => g.symbol);
  if (causal.length > 0)
    return sentence(`It is caused by variants in ${causal.length <= 3 ? joinAnd(causal) : listWithRest(causal, ', ')}`);
  if (f.genes.length > 0)
    return sentence(
      `Genes associated with it: ${listWithRest(
        f.genes.map((g) => g.symbol),
        ', ',
      )}`,
    );
  if (f.rollup.genes.length > 0)
    return sentence(
      `Its subtypes are caused by variants in ${listWithRest(
        f.rollup.genes.map((g) => g.symbol),
        ', ',
      )}`,
    );
  return null;
}

/** Identity, definition, inheritance, genes, onset, headline prevalence; then other names and subtypes. */
export function overviewText(f: RecordFacts): string[] {
  const name = capitalize(f.name);
  const first = [
    `${name} is ${f.isRare ? 'a rare disease' : 'a disease'}${f.parents.length > 0 ? `, a form of ${joinAnd(f.parents.slice(0, 3).map((p) => p.name))}` : ''}.`,
  ];
  first.push(
    f.definition
      ? `Definition (${DEFINITION_SOURCE_TEXT[f.definition.source]}): "${f.definition.text}"`
      : 'No definition is recorded for it.',
  );
  const facts = [inheritanceSentence(f), genesSentence(f)].filter((x): x is string => x !== null);
  const onset = f.onset.filter((o) => o.term !== 'unknown').map((o) => o.label.toLowerCase());
  if (onset.length > 0) facts.push(sentence(`Typical age of onset: ${joinAnd(onset)}`));
  const head = headlinePrevalence(f.prevalence, prevalenceCategoryOfClass);
  if (head)
    facts.push(`Prevalence: ${head.class} (${head.type.toLowerCase()}, ${head.geography}; Orphanet, release ${head.provenance.release}).`);
  const out = [first.join(' ')];
  if (facts.length > 0) out.push(facts.join(' '));
  const names = f.synonyms.filter((s) => s.kind === 'name').map((s) => s.text);
  if (names.length > 0) out.push(sentence(`Other names: ${listWithRest(names)}`));
  if (f.children.length > 0) out.push(sentence(`Subtypes: ${listWithRest(f.children.map((c) => c.name))}`));
  return out;
}
