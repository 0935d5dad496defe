import { INHERITANCE_LABELS } from '../../server/contract/api/vocab.ts';
import type { NamedClass } from './class-naming.ts';
import type { Hallmark } from './hallmarks.ts';
import { MENDELIAN_MODES } from './inheritance.ts';
import { NO_PHENOTYPE, onsetPhrase, prevalenceWords, shortFrequency } from './overview-words.ts';
import { headlinePrevalence } from './prevalence.ts';
import { approvedProducts, isCausal, type RecordFacts } from './record-facts.ts';
import { hasReplacementCharacter } from './text-repair.ts';
import { DEFINITION_SOURCE_TEXT, joinAnd, listWithRest, sentence } from './section-format.ts';
import { prevalenceCategoryOfClass } from './vocab-mapping.ts';

/**
 * The overview, a clinical summary: what the disease is, its cause, how it presents and is
 * diagnosed, how common it is, screening, treatments and where to read more. Every clause is fixed
 * wording or a value copied from the facts (fact-check.ts verifies each sentence against its basedOn).
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

/** One sentence of the overview and the record fields it rests on (paths such as `computed.hallmarks`). */
export interface OverviewSentence {
  text: string;
  basedOn: string[];
}

const say = (text: string, basedOn: string[]): OverviewSentence => ({ text: sentence(text), basedOn });

/** What it is: a rare disease, a form of the parent classes that say the most (computed.namedClasses), and its definition. */
function identity(f: RecordFacts): OverviewSentence[] {
  const classes = (f.computed?.namedClasses ?? []) as NamedClass[];
  const out = [
    say(
      `${capitalize(f.name)} is ${f.isRare ? 'a rare disease' : 'a disease'}${classes.length > 0 ? `, a form of ${classes.map((c) => c.name).join(' and of ')}` : ''}`,
      ['name', 'isRare', 'computed.namedClasses'],
    ),
  ];
  out.push(
    f.definition
      ? { text: `Definition (${DEFINITION_SOURCE_TEXT[f.definition.source]}): "${f.definition.text}"`, basedOn: ['definition'] }
      : say('No definition is recorded for it', ['definition']),
  );
  return out;
}

/** Its cause: the primary inheritance and the genes; a mode its definition names that the sources do not is said too. */
function cause(f: RecordFacts): OverviewSentence[] {
  const out: OverviewSentence[] = [];
  const inheritance = inheritanceSentence(f);
  if (inheritance) {
    const other = definitionModes(f);
    out.push(
      other.length > 0
        ? say(`${inheritance.slice(0, -1)}; its definition says ${joinAnd(other)}`, ['inheritanceSummary', 'inheritance', 'definition'])
        : { text: inheritance, basedOn: ['inheritanceSummary', 'inheritance'] },
    );
  }
  const genes = genesSentence(f);
  if (genes) out.push({ text: genes, basedOn: f.genes.length > 0 ? ['genes'] : ['rollup'] });
  return out;
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

/** How it presents: onset in a clinician's words, then the hallmark features (not the laboratory ones) with their frequency. */
function presentation(f: RecordFacts): OverviewSentence[] {
  const out: OverviewSentence[] = [];
  const denied = f.definition !== null && NO_PHENOTYPE.test(f.definition.text);
  const onset = onsetPhrase(f.onset.map((o) => o.term));
  if (onset && !denied) out.push(say(onset, ['onset']));
  const hallmarks = ((f.computed?.hallmarks ?? []) as Hallmark[]).filter((h) => !h.laboratory);
  if (hallmarks.length === 0) return out;
  if (denied) {
    out.push(
      say(
        'Its definition says it has no phenotypic expression; the features annotated to it are listed under Clinical features, each with its source',
        ['definition', 'phenotypes'],
      ),
    );
    return out;
  }
  const byId = new Map(f.phenotypes.filter((p) => !p.negated).map((p) => [p.hpoId, p]));
  out.push(
    say(`Hallmark features: ${hallmarks.map((h) => `${h.label} (${shortFrequency(byId.get(h.hpoId))})`).join('; ')}`, [
      'computed.hallmarks',
      'phenotypes',
    ]),
  );
  return out;
}

/** How it is diagnosed: the laboratory hallmark, where the record has one. */
function diagnosis(f: RecordFacts): OverviewSentence[] {
  const labs = ((f.computed?.hallmarks ?? []) as Hallmark[]).filter((h) => h.laboratory);
  if (labs.length === 0 || (f.definition && NO_PHENOTYPE.test(f.definition.text))) return [];
  const byId = new Map(f.phenotypes.filter((p) => !p.negated).map((p) => [p.hpoId, p]));
  return [
    say(
      `Diagnostic laboratory ${labs.length === 1 ? 'finding' : 'findings'}: ${labs.map((h) => `${h.label} (${shortFrequency(byId.get(h.hpoId))})`).join('; ')}`,
      ['computed.hallmarks', 'phenotypes'],
    ),
  ];
}

/** How common it is, in words, and newborn screening when it is on the panel. */
function frequencyAndScreening(f: RecordFacts): OverviewSentence[] {
  const out: OverviewSentence[] = [];
  const head = headlinePrevalence(f.prevalence, prevalenceCategoryOfClass);
  const words = head ? prevalenceWords(head) : null;
  if (head && words)
    out.push(
      say(`It affects ${words} (${head.type.toLowerCase()}, ${head.geography}; Orphanet, release ${head.provenance.release})`, [
        'prevalence',
      ]),
    );
  const s = f.screening;
  if (s.screened && s.status !== 'none') {
    const panel = `a ${s.status} condition of the US Recommended Uniform Screening Panel (RUSP)`;
    const named = s.condition ?? 'a listed condition';
    const text =
      s.via === 'direct'
        ? `Newborn screening: ${panel}, listed as ${named}`
        : s.via === 'subtype'
          ? `Newborn screening: screened as part of ${named}, ${panel}`
          : `Newborn screening: it falls under ${named}, ${panel}`;
    out.push(say(text, ['screening']));
  }
  return out;
}

/** Treatments: approved products for the disease itself first, by name with their first approval date; then the rest counted. */
function treatments(f: RecordFacts): OverviewSentence[] {
  const release = f.orphanDrugs[0]?.provenance.release;
  if (!release) return [];
  const approved = approvedProducts(f.orphanDrugs.filter((d) => d.relation === 'exact'));
  const others = f.orphanDrugs.length - approved.reduce((n, p) => n + p.entries, 0);
  const out: OverviewSentence[] = [];
  if (approved.length > 0)
    out.push(
      say(
        `Approved orphan drugs for it (FDA data to ${release}): ${listWithRest(
          approved.map((p) => `${p.name}, first approved ${p.first}`),
          '; ',
        )}`,
        ['orphanDrugs'],
      ),
    );
  if (others > 0)
    out.push(
      say(
        approved.length > 0
          ? 'Other FDA orphan designations (for a subset of patients, a related condition, or in development) are listed under Treatment and management'
          : `FDA orphan designations naming it (FDA data to ${release}) are listed under Treatment and management, each with how it relates to the disease`,
        ['orphanDrugs'],
      ),
    );
  return out;
}

/** Where to read more: GeneReviews, MedlinePlus, GARD. */
function readMore(f: RecordFacts): OverviewSentence[] {
  const r = f.resources;
  const links = [
    r.geneReviews ? `GeneReviews: ${r.geneReviews}` : '',
    r.medlinePlus ? `MedlinePlus: ${r.medlinePlus}` : '',
    ...r.gard.slice(0, 1).map((g) => `GARD: ${g.url}`),
  ].filter(Boolean);
  return links.length > 0 ? [say(`Read more: ${links.join('; ')}`, ['resources'])] : [];
}

/**
 * The overview as a clinical summary, in paragraphs of sentences: what it is; its cause; how it
 * presents and how it is diagnosed; how common it is and screening; treatments; where to read more;
 * then other names and subtypes. Each sentence keeps the fields it rests on (its `basedOn`).
 */
export function overviewSentences(f: RecordFacts): OverviewSentence[][] {
  const names = f.synonyms.filter((s) => s.kind === 'name' && !hasReplacementCharacter(s.text)).map((s) => s.text);
  const paragraphs = [
    [...identity(f), ...cause(f)],
    [...presentation(f), ...diagnosis(f)],
    frequencyAndScreening(f),
    [...treatments(f), ...readMore(f)],
    [
      ...(names.length > 0 ? [say(`Other names: ${listWithRest(names)}`, ['synonyms'])] : []),
      ...(f.children.length > 0 ? [say(`Subtypes: ${listWithRest(f.children.map((c) => c.name))}`, ['children'])] : []),
    ],
  ];
  return paragraphs.filter((p) => p.length > 0);
}

/** The overview's paragraphs (each its sentences joined). */
export function overviewText(f: RecordFacts): string[] {
  return overviewSentences(f).map((p) => p.map((s) => s.text).join(' '));
}
