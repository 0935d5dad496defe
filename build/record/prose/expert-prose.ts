import type { SectionKey } from '../../../server/contract/api/vocab.ts';
import type { ExpertContent } from '../../editorial/expert-types.ts';
import type { RecordFacts } from '../record-facts.ts';
import { sentence } from './section-format.ts';
import type { OverviewParts, OverviewSentence } from './sections-overview.ts';

/**
 * The prose of a record with expert content (content/editorial/README.md): the overview leads with
 * the curator's paragraph and keeps only the template sentences it does not already cover; the
 * other sections start with the expert facts they hold, each naming its source. Every clause is
 * fixed wording or the expert facts' own text, and the fact check holds it to `expert`.
 */

type Expert = ExpertContent;
const EXPERT_BASIS = ['expert'];

/** The titles of the sources a list of facts cites, in brackets: " [Friedreich Ataxia (GeneReviews)]". */
function cited(e: Expert, facts: readonly { source: string }[]): string {
  const titles = [...new Set(facts.map((f) => f.source))].map((id) => e.sources.find((s) => s.id === id)?.title ?? id);
  return titles.length > 0 ? ` [${titles.join('; ')}]` : '';
}

/** The fields of a file a lead covers, by its top-level member (`genes`, `diagnosis`...). */
function coveredBy(e: Expert): Set<string> {
  return new Set(e.lead.flatMap((s) => s.basedOn.filter((b) => b.startsWith('expert.')).map((b) => b.split('.')[1])));
}

/** The template overview sentences a lead makes redundant: those resting on the fields the lead covers. */
function notCovered(p: OverviewParts, covered: Set<string>): OverviewSentence[] {
  const rests = (s: OverviewSentence, field: string) => s.basedOn.includes(field);
  const cause = covered.has('genes') || covered.has('mechanism') || covered.has('inheritance') ? [] : p.cause;
  const presentation = p.presentation.filter(
    (s) => !(covered.has('onset') && rests(s, 'onset')) && !(covered.has('definingFeatures') && rests(s, 'computed.hallmarks')),
  );
  const diagnosis = covered.has('diagnosis') ? [] : p.diagnosis;
  return [...cause, ...presentation, ...diagnosis];
}

/** Where the expert summary was read: one sentence naming each source with its section. */
function sourcesSentence(e: Expert): OverviewSentence {
  const named = e.sources.map((s) => `${s.title}, ${s.section} (${s.url})`);
  return { text: sentence(`Expert summary written from: ${named.join('; ')}`), basedOn: ['expert.sources'] };
}

/**
 * The overview of a record with expert content: the lead; then what the template says that the lead
 * does not (the class and definition go: the lead says what the disease is); frequency and screening;
 * treatments and where to read more, with the expert summary's sources; other names and subtypes.
 */
export function expertOverview(f: RecordFacts, p: OverviewParts): OverviewSentence[][] {
  const e = f.expert as Expert;
  const covered = coveredBy(e);
  const paragraphs = [
    e.lead.map((s) => ({ text: s.text, basedOn: s.basedOn })),
    notCovered(p, covered),
    covered.has('prevalenceNote') ? p.frequency.filter((s) => !s.basedOn.includes('prevalence')) : p.frequency,
    [...p.treatments, ...p.readMore, sourcesSentence(e)],
    p.names,
  ];
  return paragraphs.filter((x) => x.length > 0);
}

/** The expert sentences that lead each section other than the overview; empty when it has none. */
export function expertSectionText(key: SectionKey, e: Expert): string[] {
  const out: string[] = [];
  const list = (head: string, items: { text: string; source: string }[]) => {
    if (items.length > 0) out.push(`${head}${cited(e, items)}: ${items.map((i) => sentence(i.text)).join(' ')}`);
  };
  if (key === 'clinical-features') {
    list(
      'Defining features, in the order a clinician names them',
      e.definingFeatures.map((d) => ({ text: d.label, source: d.source })),
    );
    if (e.onset) list('Typical onset', [e.onset]);
  }
  if (key === 'genetics') {
    if (e.mechanism) list('Mechanism', [e.mechanism]);
    if (e.inheritance?.note) list('Inheritance note', [{ text: e.inheritance.note, source: e.inheritance.source }]);
  }
  if (key === 'epidemiology' && e.prevalenceNote) list('Prevalence note', [e.prevalenceNote]);
  if (key === 'screening-and-diagnosis')
    for (const d of e.diagnosis) list(`Diagnosis, ${d.kind.replace('-', ' ')}: ${d.test}`, [{ text: d.finding, source: d.source }]);
  if (key === 'treatment') {
    list('First-line management', e.management.firstLine);
    list('Surveillance', e.management.surveillance);
    list('Avoid', e.management.avoid);
  }
  return out;
}

/** The record fields a section with expert sentences rests on: its own and `expert`. */
export const withExpertBasis = (basis: readonly string[]): string[] => [...basis, ...EXPERT_BASIS];
