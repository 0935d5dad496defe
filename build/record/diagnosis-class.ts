import type { DiagnosisByClass } from './consolidated-types.ts';

export type { DiagnosisByClass };

/**
 * How the diagnosis of a disease is typically confirmed, from what kind of disease its own facts say it
 * is (DIAGNOSIS_CLASS_RULE): its Mondo classes, its names and its definition. Laboratory hallmarks name
 * findings; this names the test that confirms a class of diseases, where the class is known.
 */

/** Mondo classes the rule reads (ids of the 2026-08 release). */
export const DIAGNOSIS_CLASSES = {
  partialDeletion: 'MONDO:0000761',
  partialDuplication: 'MONDO:0000762',
  neoplasm: 'MONDO:0005070',
  hereditaryNeoplasticSyndrome: 'MONDO:0015356',
  inheritedSusceptibility: 'MONDO:0020573',
} as const;

export const DIAGNOSIS_CLASS_RULE =
  "How the diagnosis is typically confirmed, from the kind of disease the record's own facts make it, first kind that applies: a chromosomal " +
  'deletion or duplication syndrome (below Mondo\'s "syndrome caused by partial chromosomal deletion" or "... duplication", ' +
  `${DIAGNOSIS_CLASSES.partialDeletion} and ${DIAGNOSIS_CLASSES.partialDuplication}): chromosomal microarray or FISH; a repeat-expansion disorder ` +
  '(its definition or a name speaks of an expanded repeat: "CGG repeats", "expanded CCG repeat"): sizing of the repeat; an enzyme ' +
  'deficiency named as such (its label or another name is "<enzyme> deficiency" or "deficiency of <enzyme>", the enzyme a word ending in ' +
  '"-ase"): an assay of the enzyme\'s activity, or genetic testing; a neoplasm (below Mondo\'s "neoplasm", ' +
  `${DIAGNOSIS_CLASSES.neoplasm}, and not a hereditary predisposition: not below "hereditary neoplastic syndrome" or "inherited disease ` +
  'susceptibility", no "susceptibility" or "predisposition" in its label): histology of a biopsy or the removed tissue. Null when none applies.';

/** Words ending in "-ase" that name no enzyme, and transporters named like one. */
const NOT_ENZYME = /^(?:disease|increase|decrease|release|base|case|phase|lease|chase|ease|translocase)$/i;
/** "<enzyme> deficiency" (a subtype number between them is allowed) or "deficiency of <enzyme>": the words of the enzyme's name. */
const ENZYME_DEFICIENCY =
  /((?:(?:[\w'/-]|,(?=\d))+ ){0,4}(?:[\w'/-]|,(?=\d))*ase)(?: \d+| [IVX]+)?,? deficiency\b|\bdeficiency of (?:the )?((?:[\w'/-]+ ){0,4}?[\w'/-]+ase)\b/i;
/** Words that end a phrase before the enzyme's name ("... due to acid maltase deficiency"). */
const BEFORE_ENZYME = /^.*\b(?:due to|with|of|and|in|by|to|from)\s+/i;
/** An expanded repeat: "CGG repeat expansion", "expanded CCG repeat", "C9ORF72 expansions". */
const REPEAT_EXPANSION =
  /\b(?:repeat|nucleotide)s?[- ](?:expansions?|expanded)\b|\bexpan(?:ded|sions?)\b(?: \S+){0,4} repeats?\b|\brepeats?\b(?: \S+){0,2} expan(?:ded|sions?)\b|\b[A-Z0-9]{4,}[- ]expansions?\b/;

/** What the rule reads of a record. */
export interface DiagnosisFacts {
  name: string;
  otherNames: readonly string[];
  definition: string | null;
  /** Every class above the record in Mondo. */
  ancestors: readonly string[];
}

/** The enzyme a name says is deficient ("acid maltase" of "glycogen storage disease due to acid maltase deficiency"), or null. */
export function deficientEnzyme(name: string): string | null {
  const m = ENZYME_DEFICIENCY.exec(name);
  if (!m) return null;
  const enzyme = (m[1] ?? m[2]).replace(BEFORE_ENZYME, '');
  const last = enzyme.split(/[\s/-]/).pop() ?? '';
  return NOT_ENZYME.test(last) ? null : enzyme;
}

/** How the diagnosis is typically confirmed, by DIAGNOSIS_CLASS_RULE; null when no kind applies. */
export function diagnosisByClass(f: DiagnosisFacts): DiagnosisByClass | null {
  const above = new Set(f.ancestors);
  const C = DIAGNOSIS_CLASSES;
  if (above.has(C.partialDeletion) || above.has(C.partialDuplication))
    return {
      kind: 'chromosomal-deletion-or-duplication',
      method: 'chromosomal microarray or FISH',
      basis: above.has(C.partialDeletion)
        ? 'syndrome caused by partial chromosomal deletion'
        : 'syndrome caused by partial chromosomal duplication',
    };
  const texts = [f.name, ...f.otherNames, f.definition ?? ''];
  const repeat = texts.map((t) => REPEAT_EXPANSION.exec(t)?.[0]).find(Boolean);
  if (repeat) return { kind: 'repeat-expansion', method: 'sizing of the expanded repeat', basis: repeat };
  for (const n of [f.name, ...f.otherNames]) {
    const enzyme = deficientEnzyme(n);
    if (enzyme) return { kind: 'enzyme-deficiency', method: `an assay of ${enzyme} activity, or genetic testing`, basis: n };
  }
  const predisposition =
    above.has(C.hereditaryNeoplasticSyndrome) || above.has(C.inheritedSusceptibility) || /susceptib|predispos/i.test(f.name);
  if (above.has(C.neoplasm) && !predisposition)
    return { kind: 'neoplasm', method: 'histology of a biopsy or the removed tissue', basis: 'neoplasm' };
  return null;
}

/** How the overview says each kind. */
const KIND_WORDS: Record<DiagnosisByClass['kind'], string> = {
  'chromosomal-deletion-or-duplication': 'a chromosomal deletion or duplication syndrome',
  'repeat-expansion': 'a repeat-expansion disorder',
  'enzyme-deficiency': 'an enzyme deficiency',
  neoplasm: 'a neoplasm',
};

/** The overview's sentence on how the diagnosis is typically confirmed (without its full stop). */
export function diagnosisByClassText(d: DiagnosisByClass): string {
  return `Diagnosis: as ${KIND_WORDS[d.kind]}, it is typically confirmed by ${d.method}`;
}
