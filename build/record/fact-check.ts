import type { Section, SectionKey } from './record-types.ts';
import { NOT_GERMLINE, type RecordFacts } from './record-facts.ts';
import { factIndex, type FactIndex, type FactScope } from './fact-index.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { SECTION_BASIS, composeSection } from './sections.ts';
import { CLASSIFICATION_PHRASES, TEMPLATE_WORDS } from './prose/template-words.ts';
import { NO_PHENOTYPE } from './prose/overview-words.ts';
import { joinAnd } from './prose/section-format.ts';
import { definitionModes } from './prose/sections-overview.ts';
import { hasReplacementCharacter, lostCharacterPassages } from './text-repair.ts';

export { CLASSIFICATION_PHRASES, TEMPLATE_WORDS };

export interface CheckResult {
  ok: boolean;
  problems: string[];
}

/**
 * USAN/INN stems that mark a lower-case word as a drug name. A heuristic: brand names are caught
 * by the capitalized-word rule, and a lower-case drug name without one of these stems is not.
 */
const STEMS =
  'mab|nib|ciclib|caftor|cillin|mycin|micin|floxacin|conazole|statin|sartan|pril|olol|parin|platin|rubicin|vir|virine|tide|rsen|ercept|alfa|lukast|dronate|prazole|setron|triptan|gliptin|gliflozin|dipine|kinra|leukin|poetin|grastim|plase';
/**
 * The tokens to verify, in one pass; the first alternative that matches wins: a link, a CURIE-like
 * id, a number (optionally n/m) and a capitalized word. Lower-case words are template wording
 * unless LOWER_HINT finds a drug stem or a letter followed by a digit; LOWER_WORD then picks them.
 */
const TOKEN = new RegExp(
  [
    '(https?:\\/\\/[^\\s)"<>]+)',
    '((?<![\\w.:/-])[A-Za-z][\\w.]*:[\\w.-]*[A-Za-z0-9])',
    '((?<![\\p{L}\\p{N}.])\\d+(?:,\\d{3})*(?:\\.\\d+)?(?:\\/\\d+)?(?![\\p{L}\\p{N}]))',
    "((?<![\\p{L}\\p{N}'’-])\\p{Lu}[\\p{L}\\p{N}'’-]*)",
  ].join('|'),
  'gu',
);
/** A cheap test (no Unicode classes) that a paragraph may hold a lower-case word worth checking. */
const LOWER_HINT = new RegExp(`(?:${STEMS})\\b|[a-z\\u00DF-\\u024F]\\d`);
const LOWER_WORD = /(?<![\p{L}\p{N}'’-])\p{Ll}[\p{L}\p{N}'’-]*/gu;
const DRUG_STEM = new RegExp(`(?:${STEMS})$`);
const LETTER_DIGIT = /\p{L}\d/u;
/** Sentence punctuation that may follow a link without being part of it. */
const TRAILING_PUNCTUATION = /[.,;:]+$/;

function checkHpoLabels(text: string, index: FactIndex, problems: Set<string>): void {
  for (const m of text.matchAll(/ \((HP:\d{7})\)/g)) {
    const labels = index.hpoLabels(m[1]);
    if (!labels) continue; // an id the facts lack is reported by the identifier check
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    if (!labels.some((l) => before.endsWith(l))) problems.add(`label before ${m[1]} is not its label in the facts (${labels.join(' / ')})`);
  }
}

function checkWord(token: string, scope: FactScope, problems: Set<string>): void {
  const word = token.replace(/['’-]+$/, '');
  if (TEMPLATE_WORDS.has(word.toLowerCase()) || scope.hasWord(word)) return;
  const upper = /^\p{Lu}/u.test(word);
  const capitals = word.replace(/[^\p{Lu}]/gu, '').length;
  const digits = /\d/.test(word);
  if (upper && (capitals >= 2 || digits)) problems.add(`gene-like symbol ${word} is not in the facts`);
  else if (upper) problems.add(`name ${word} is not in the facts`);
  else if (DRUG_STEM.test(word)) problems.add(`drug-like name ${word} is not in the facts`);
  else problems.add(`word ${word} is not in the facts`);
}

/** Shortest passage worth looking up verbatim; shorter ones are cheaper to check token by token. */
const MIN_PASSAGE = 40;

/**
 * Blank out what is a verbatim copy of a fact (a quoted definition, a notice or note paragraph):
 * it states nothing the facts lack, and it is most of the text of a large record.
 */
function withoutVerbatim(text: string, scope: FactScope): string {
  if (text.length >= MIN_PASSAGE && (scope.hasPassage(text) || scope.hasPassage(text.slice(0, -1)))) return '';
  if (!text.includes('"')) return text;
  return text.replace(/"([^"]+)"/g, (q, inner: string) => (inner.length >= MIN_PASSAGE && scope.hasPassage(inner) ? ' ' : q));
}

/**
 * Paragraphs whose every token was settled by TEMPLATE_WORDS alone, with no problem: their
 * verdict holds for any record, so fixed sentences are checked once per build. Bounded.
 */
const TEMPLATE_ONLY = new Set<string>();
const TEMPLATE_ONLY_MAX = 10_000;

function checkText(text: string, index: FactIndex, scope: FactScope, problems: Set<string>): void {
  if (TEMPLATE_ONLY.has(text)) return;
  const lookups = scope.lookups;
  const found = problems.size;
  const labelled = text.includes('(HP:');
  if (labelled) checkHpoLabels(text, index, problems);
  const rest = withoutVerbatim(text, scope);
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(rest); m !== null; m = TOKEN.exec(rest)) {
    if (m[1] !== undefined) {
      const bare = m[1].replace(TRAILING_PUNCTUATION, '');
      if (!scope.hasLink(bare) && !scope.hasLink(m[1])) problems.add(`link ${bare} is not in the facts`);
    } else if (m[2] !== undefined) {
      if (!scope.hasId(m[2]))
        problems.add(m[2].startsWith('HP:') ? `HPO id ${m[2]} is not in the facts` : `identifier ${m[2]} is not in the facts`);
    } else if (m[3] !== undefined) {
      const slash = m[3].indexOf('/');
      if (slash < 0) {
        if (!scope.hasNumber(m[3])) problems.add(`number ${m[3]} is not in the facts`);
      } else {
        const fraction = `${Number(m[3].slice(0, slash).replace(/,/g, ''))}/${Number(m[3].slice(slash + 1))}`;
        if (!scope.hasFraction(fraction) && !scope.hasFraction(m[3])) problems.add(`fraction ${m[3]} is not in the facts`);
      }
    } else {
      checkWord(m[4], scope, problems);
    }
  }
  const lower = rest.toLowerCase();
  for (const phrase of CLASSIFICATION_PHRASES) {
    const at = lower.indexOf(phrase);
    if (at < 0 || /[\p{L}\p{N}]/u.test(lower[at - 1] ?? '') || /[\p{L}\p{N}]/u.test(lower[at + phrase.length] ?? '')) continue;
    if (!scope.hasWord(phrase)) problems.add(`classification "${phrase}" is not in the facts`);
  }
  if (LOWER_HINT.test(rest)) {
    for (const m of rest.matchAll(LOWER_WORD)) {
      const word = m[0].replace(/['’-]+$/, '');
      if (LETTER_DIGIT.test(word) || DRUG_STEM.test(word)) checkWord(word, scope, problems);
    }
  }
  if (!labelled && scope.lookups === lookups && problems.size === found && TEMPLATE_ONLY.size < TEMPLATE_ONLY_MAX) TEMPLATE_ONLY.add(text);
}

/**
 * Verify that a section states nothing its basis fields (SECTION_BASIS of its key) lack: every
 * link, identifier (HPO ids included), HPO label written before its id, number, fraction,
 * gene-like symbol, drug-like word and capitalized word must occur in those fields (words may
 * also be TEMPLATE_WORDS). Numbers may be numeric values rounded to the shown precision, counts
 * (array lengths and the *Count computed fields) and counts minus LIST_LIMIT ("and N more").
 */
export function checkSection(section: Section, facts: RecordFacts): CheckResult {
  const index = factIndex(facts);
  const problems = new Set<string>();
  if (section.sentences) {
    for (const s of section.sentences) checkText(s.text, index, index.scope(s.basedOn), problems);
    for (const p of checkAgainstDefinition(section.sentences, facts)) problems.add(p);
  } else {
    const scope = index.scope(SECTION_BASIS[section.key]);
    for (const text of section.paragraphs) checkText(text, index, scope, problems);
  }
  for (const text of section.paragraphs)
    if (hasReplacementCharacter(text)) problems.add(`replacement character in "${text.match(/.{0,20}[\uFFFD¿].{0,20}/u)?.[0]}"`);
  for (const p of unmarkedLostCharacters(section.paragraphs, facts)) problems.add(p);
  return { ok: problems.size === 0, problems: [...problems] };
}

/** Every FDA text of a record (its designations and those rolled up to it): where a lost character may come from. */
function fdaTexts(facts: RecordFacts): (string | null)[] {
  const own = facts.orphanDrugs.flatMap((d) => [
    d.genericName,
    d.tradeName,
    d.designation,
    d.approvedIndication,
    ...d.approvals.map((a) => a.indication),
    ...d.links.map((l) => l.decidedBy),
  ]);
  const rolled = [...facts.rollup.orphanDrugs, ...facts.rollup.parentOrphanDrugs].flatMap((d) => [
    d.genericName,
    d.tradeName,
    d.designation,
  ]);
  return [...own, ...rolled];
}

/** LOST_CHARACTER_RULE: prose never shows an FDA text around a lost character ("?") as if intact. */
export function unmarkedLostCharacters(paragraphs: readonly string[], facts: RecordFacts): string[] {
  const passages = lostCharacterPassages(fdaTexts(facts));
  if (passages.length === 0) return [];
  return passages.filter((p) => paragraphs.some((t) => t.includes(p))).map((p) => `FDA text with a lost character shown unmarked: "${p}"`);
}

/**
 * Checks of sentences against the definition's own words (DEFINITION_CHECK_RULE): a definition that
 * says the disease has no phenotypic expression admits no sentence presenting features, and a mode
 * of inheritance the definition names but no source states must be said beside the primary mode.
 */
export function checkAgainstDefinition(sentences: readonly { text: string; basedOn: string[] }[], facts: RecordFacts): string[] {
  const out: string[] = [];
  const definition = facts.definition?.text ?? '';
  if (NO_PHENOTYPE.test(definition))
    for (const s of sentences)
      if (s.basedOn.includes('computed.hallmarks'))
        out.push(`"${s.text}" presents features, but the definition says the disease has no phenotypic expression`);
  // A gene a source gives as somatic or a fusion is never said to cause the disease (genesSentence).
  for (const s of sentences) {
    const caused = /caused by germline variants in ([^.;]*)/.exec(s.text)?.[1];
    if (!caused) continue;
    for (const g of facts.genes)
      if (g.sources.some((x) => NOT_GERMLINE.test(x.raw)) && new RegExp(`(?<![\\w-])${escapeRegExp(g.symbol)}(?![\\w-])`).test(caused))
        out.push(`"${s.text}" says ${g.symbol} causes it, but a source gives ${g.symbol} as somatic or a fusion gene`);
  }
  const unstated = definitionModes(facts);
  for (const s of sentences)
    if (s.basedOn.includes('inheritanceSummary') && unstated.some((m) => !s.text.toLowerCase().includes(`definition says ${m}`)))
      out.push(`"${s.text}" states the primary mode without the definition's ${joinAnd(unstated)}`);
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const DEFINITION_CHECK_RULE =
  'A sentence may not say that a gene causes the disease when a source gives that gene as somatic or as part of a fusion gene. ' +
  "Sentences are also checked against the definition's own words: when the definition says the disease has no phenotypic expression " +
  '("most likely does not have any phenotypic expression"), no sentence may present hallmark features; when the definition names a mode of ' +
  'inheritance that no source states, the sentence on inheritance must say so ("its definition says autosomal dominant").';

export interface FinalizeOptions {
  /** The template composer; replaceable so tests can feed the checker a faulty template. */
  compose?: (key: SectionKey, facts: RecordFacts) => Section;
}

/** A sentence the fact checker rejected: stops the build (QC tier 1). */
export class FactCheckError extends Error {
  constructor(
    readonly diseaseId: string,
    readonly section: SectionKey,
    readonly failures: { sentence: string; problems: string[] }[],
  ) {
    super(
      `fact check failed for ${diseaseId}, section ${section}: ${failures
        .map((f) => `"${f.sentence}" (${f.problems.join('; ')})`)
        .join(' | ')}`,
    );
    this.name = 'FactCheckError';
  }
}

/** The failing sentences of a failing section, each with its own problems (for the error message). */
export function failingSentences(section: Section, facts: RecordFacts): { sentence: string; problems: string[] }[] {
  const index = factIndex(facts);
  const scope = index.scope(SECTION_BASIS[section.key]);
  const out: { sentence: string; problems: string[] }[] = [];
  if (section.sentences) {
    for (const s of section.sentences) {
      const problems = new Set<string>();
      checkText(s.text, index, index.scope(s.basedOn), problems);
      for (const p of checkAgainstDefinition([s], facts)) problems.add(p);
      if (hasReplacementCharacter(s.text)) problems.add('replacement character');
      if (problems.size > 0) out.push({ sentence: s.text, problems: [...problems] });
    }
    if (out.length > 0) return out;
  }
  for (const paragraph of section.paragraphs) {
    for (const sentence of paragraph.split(/(?<=[.!?]["”)]?)\s+(?=[A-Z])/)) {
      const problems = new Set<string>();
      checkText(sentence, index, scope, problems);
      if (problems.size > 0) out.push({ sentence, problems: [...problems] });
    }
  }
  return out.length > 0 ? out : [{ sentence: section.paragraphs.join(' '), problems: checkSection(section, facts).problems }];
}

/**
 * Compose every section and check it. A section that fails the check stops the build (QC tier 1):
 * no section is published unchecked, and none is replaced by other text.
 */
export function finalizeSections(facts: RecordFacts, options: FinalizeOptions = {}): Record<SectionKey, Section> {
  const compose = options.compose ?? composeSection;
  const sections = {} as Record<SectionKey, Section>;
  for (const key of SECTION_KEYS) {
    const section = compose(key, facts);
    if (!checkSection(section, facts).ok) throw new FactCheckError(facts.id, key, failingSentences(section, facts));
    sections[key] = section;
  }
  return sections;
}
