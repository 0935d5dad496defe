import { INHERITANCE_LABELS } from '../../../server/contract/api/vocab.ts';
import type { NamedClass } from '../class-naming.ts';
import { type Hallmark, diagnosticFindings } from '../hallmarks.ts';
import { MENDELIAN_MODES } from '../inheritance.ts';
import { NO_PHENOTYPE, hallmarkFrequency, onsetPhrase, prevalenceWords } from './overview-words.ts';
import { headlinePrevalence } from '../prevalence.ts';
import { RELATION_ORDER } from '../designation-relation.ts';
import { genesSentence } from './overview-genes.ts';
import { approvedProducts, productName, type RecordFacts } from '../record-facts.ts';
import type { LinkRelation } from '../record-types.ts';
import { hasReplacementCharacter } from '../text-repair.ts';
import { DEFINITION_SOURCE_TEXT, LIST_LIMIT, joinAnd, listWithRest, sentence } from './section-format.ts';
import { prevalenceCategoryOfClass } from '../vocab-mapping.ts';

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

/** One sentence of the overview and the record fields it rests on (paths such as `computed.hallmarks`). */
export interface OverviewSentence {
  text: string;
  basedOn: string[];
}

const say = (text: string, basedOn: string[]): OverviewSentence => ({ text: sentence(text), basedOn });

/** The words of a name, lower case and sorted: an inverted label and its natural order have the same. */
const wordsOf = (name: string) =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');

/**
 * The name a sentence takes as its subject: the label, or, when the label is inverted ("histiocytoma,
 * Angiomatoid fibrous"; a comma in it), another name of the disease with the same words and no comma
 * ("angiomatoid fibrous histiocytoma"). Null when the label is used.
 */
export function subjectName(f: Pick<RecordFacts, 'name' | 'synonyms'>): string | null {
  if (!f.name.includes(',')) return null;
  const words = wordsOf(f.name);
  const hit = f.synonyms.find((s) => s.kind === 'name' && !s.text.includes(',') && /\p{Ll}/u.test(s.text) && wordsOf(s.text) === words);
  return hit ? hit.text : null;
}

/** Fewest words of an Orphanet definition without a comma that the overview says lost its commas. */
const COMMAS_LOST_MIN_WORDS = 15;

/**
 * True for an Orphanet definition that has lost its commas: the Orphanet export read here (the
 * orphapackets) drops them from almost every definition ("cardiovascular musculo-skeletal ophthalmic
 * and pulmonary manifestations"). The text is quoted as given, never re-punctuated, and says so.
 */
export function commasLost(d: NonNullable<RecordFacts['definition']>): boolean {
  return d.source === 'orphanet' && !d.text.includes(',') && d.text.split(/\s+/).length >= COMMAS_LOST_MIN_WORDS;
}

/** What it is: a rare disease, a form of the parent classes that say the most (computed.namedClasses), and its definition. */
function identity(f: RecordFacts): OverviewSentence[] {
  const classes = (f.computed?.namedClasses ?? []) as NamedClass[];
  const subject = subjectName(f);
  const out = [
    say(
      `${capitalize(subject ?? f.name)} is ${f.isRare ? 'a rare disease' : 'a disease'}${classes.length > 0 ? `, a form of ${classes.map((c) => c.name).join(' and of ')}` : ''}`,
      ['name', 'isRare', 'computed.namedClasses', ...(subject ? ['synonyms'] : [])],
    ),
  ];
  out.push(
    f.definition
      ? {
          text: `Definition (${DEFINITION_SOURCE_TEXT[f.definition.source]}${commasLost(f.definition) ? ', quoted as its export gives it, without commas' : ''}): "${f.definition.text}"`,
          basedOn: ['definition'],
        }
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
    say(`Hallmark features: ${hallmarks.map((h) => `${h.label} (${hallmarkFrequency(byId.get(h.hpoId))})`).join('; ')}`, [
      'computed.hallmarks',
      'phenotypes',
    ]),
  );
  return out;
}

/** How it is diagnosed: the diagnostic laboratory hallmarks (DIAGNOSTIC_RULE), where the record has one. */
function diagnosis(f: RecordFacts): OverviewSentence[] {
  const labs = diagnosticFindings((f.computed?.hallmarks ?? []) as Hallmark[]);
  if (labs.length === 0 || (f.definition && NO_PHENOTYPE.test(f.definition.text))) return [];
  const byId = new Map(f.phenotypes.filter((p) => !p.negated).map((p) => [p.hpoId, p]));
  return [
    say(
      `Diagnostic laboratory ${labs.length === 1 ? 'finding' : 'findings'}: ${labs.map((h) => `${h.label} (${hallmarkFrequency(byId.get(h.hpoId))})`).join('; ')}`,
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

/** How the overview introduces the approved products of each relation (LINK_RELATION_RULE). */
const APPROVED_FOR: Record<LinkRelation, string> = {
  exact: 'Approved orphan drugs for it',
  broader: 'Approved for a subset of patients only (a stage, subtype or patient group)',
  complication: 'Approved for a condition in patients with it',
  narrower: 'Approved for a wider condition that includes it',
};

/**
 * Treatments: approved products by the designation's relation to the disease, those for the disease
 * itself first, each by name with its first approval date (a product listed under one relation is
 * not listed again under a later one); then how many designations the Treatment section adds.
 */
function treatments(f: RecordFacts): OverviewSentence[] {
  const release = f.orphanDrugs[0]?.provenance.release;
  if (!release) return [];
  const out: OverviewSentence[] = [];
  const named = new Set<string>();
  for (const relation of RELATION_ORDER) {
    const products = approvedProducts(f.orphanDrugs.filter((d) => d.relation === relation)).filter((p) => !named.has(p.name.toLowerCase()));
    if (products.length === 0) continue;
    for (const p of products) named.add(p.name.toLowerCase());
    const data = out.length === 0 ? ` (FDA data to ${release})` : '';
    out.push(
      say(
        `${APPROVED_FOR[relation]}${data}: ${products
          .slice(0, LIST_LIMIT)
          .map((p) => `${p.name}, first approved ${p.first}`)
          .join('; ')}${products.length > LIST_LIMIT ? '; and others, under Treatment and management' : ''}`,
        ['orphanDrugs'],
      ),
    );
  }
  const others = f.orphanDrugs.filter((d) => d.status !== 'approved' || !named.has(productName(d).toLowerCase())).length;
  if (others > 0)
    out.push(
      say(
        out.length > 0
          ? 'Its other FDA orphan designations are listed under Treatment and management, each with how it relates to the disease'
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
