import { MONDO_ID } from './curie.ts';
import { readQuoted, readXrefList, splitQualifiers, tagValue, unescapeObo } from './obo-syntax.ts';
import { readText, splitLines } from './read-text.ts';
import { IngestError, type MondoOntology, type MondoSynonym, type MondoTerm, type SynonymScopeName } from './source-types.ts';

const SCOPES: Record<string, SynonymScopeName> = { EXACT: 'exact', RELATED: 'related', BROAD: 'broad', NARROW: 'narrow' };

/**
 * The full Mondo release as OBO 1.4 (`mondo.obo`): the header `data-version` and every `[Term]`
 * whose id is a MONDO class (imported classes are skipped). Read per term: name, def with its
 * references, synonyms with scope, type and references, xrefs with their `source` qualifiers,
 * is_a parents (MONDO only), subsets, is_obsolete, replaced_by and consider. Other tags
 * (relationship, intersection_of, property_value, ...) are not needed and ignored.
 * Errors name the line: a term without id or name, a malformed MONDO id, bad quoting, an unknown
 * synonym scope, a second name or def.
 */
export function readMondoObo(file: string): MondoOntology {
  const lines = splitLines(readText(file));
  let version: string | null = null;
  const terms: MondoTerm[] = [];
  let term: MondoTerm | null = null;
  let inTerm = false;
  let stanzaLine = 0;
  let sawStanza = false;
  const finish = (): void => {
    if (!inTerm) return;
    inTerm = false;
    if (term === null) throw new IngestError(file, `line ${stanzaLine}`, '[Term] without an id');
    if (term.label === '') throw new IngestError(file, `line ${stanzaLine}`, `[Term] ${term.id} without a name`);
    terms.push(term);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const text = lines[i];
    if (text.startsWith('[')) {
      finish();
      sawStanza = true;
      stanzaLine = line;
      inTerm = text.trim() === '[Term]';
      term = null;
      continue;
    }
    const tv = tagValue(text);
    if (tv === null) continue;
    if (!sawStanza) {
      if (tv.tag === 'data-version') version = tv.value;
      continue;
    }
    if (!inTerm) continue;
    if (tv.tag === 'id') {
      if (term !== null) throw new IngestError(file, `line ${line}`, `second id in the [Term] of ${term.id}`);
      const id = splitQualifiers(tv.value).body;
      if (!id.startsWith('MONDO:')) {
        inTerm = false;
        continue;
      }
      if (!MONDO_ID.test(id)) throw new IngestError(file, `line ${line}`, `malformed Mondo id "${id}"`);
      term = {
        id,
        label: '',
        obsolete: false,
        definition: null,
        synonyms: [],
        xrefs: [],
        parents: [],
        subsets: [],
        replacedBy: null,
        consider: [],
      };
      continue;
    }
    if (term === null) throw new IngestError(file, `line ${line}`, `"${tv.tag}" before the id of the [Term] at line ${stanzaLine}`);
    try {
      readTag(term, tv.tag, tv.value);
    } catch (err) {
      if (err instanceof IngestError) throw err;
      throw new IngestError(file, `line ${line}`, `${tv.tag}: ${(err as Error).message}`);
    }
  }
  finish();
  return { version, terms };
}

function readTag(term: MondoTerm, tag: string, value: string): void {
  switch (tag) {
    case 'name':
      if (term.label !== '') throw new Error(`second name for ${term.id}`);
      term.label = unescapeObo(splitQualifiers(value).body);
      break;
    case 'def': {
      if (term.definition !== null) throw new Error(`second def for ${term.id}`);
      const { text, rest } = readQuoted(value);
      term.definition = { text, references: rest.startsWith('[') ? readXrefList(rest).ids : [] };
      break;
    }
    case 'synonym':
      term.synonyms.push(readSynonym(value));
      break;
    case 'xref': {
      const { body, qualifiers } = splitQualifiers(value);
      const id = body.split(/\s+/, 1)[0];
      if (id === '') throw new Error('empty xref');
      term.xrefs.push({ id, sources: qualifiers.filter(([k]) => k === 'source').map(([, v]) => v) });
      break;
    }
    case 'is_a': {
      const parent = splitQualifiers(value).body.split(/\s+/, 1)[0];
      if (parent.startsWith('MONDO:')) {
        if (!MONDO_ID.test(parent)) throw new Error(`malformed Mondo id "${parent}"`);
        if (!term.parents.includes(parent)) term.parents.push(parent);
      }
      break;
    }
    case 'subset':
      term.subsets.push(splitQualifiers(value).body);
      break;
    case 'is_obsolete':
      term.obsolete = splitQualifiers(value).body === 'true';
      break;
    case 'replaced_by':
      term.replacedBy = splitQualifiers(value).body;
      break;
    case 'consider':
      term.consider.push(splitQualifiers(value).body);
      break;
  }
}

/** `"text" SCOPE [TYPE] [xrefs] {qualifiers}`. */
function readSynonym(value: string): MondoSynonym {
  const { body } = splitQualifiers(value);
  const { text, rest } = readQuoted(body);
  const words = rest.split(/\s+/);
  const scope = SCOPES[words[0]];
  if (scope === undefined) throw new Error(`unknown synonym scope "${words[0]}" (expected EXACT, RELATED, BROAD or NARROW)`);
  let after = rest.slice(words[0].length).trim();
  let type: string | null = null;
  if (after !== '' && !after.startsWith('[')) {
    type = after.split(/\s+/, 1)[0];
    after = after.slice(type.length).trim();
  }
  return { text, scope, type, references: after.startsWith('[') ? readXrefList(after).ids : [] };
}
