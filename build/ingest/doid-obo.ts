import { readXrefList } from './obo-syntax.ts';
import { readText, splitLines } from './read-text.ts';
import { IngestError, type DoidTerm } from './source-types.ts';

type Scope = DoidTerm['synonyms'][number]['scope'];
const SCOPES: Record<string, Scope> = { EXACT: 'exact', RELATED: 'related', BROAD: 'broad', NARROW: 'narrow' };
const DOID = /^DOID:\d+$/;

/** A parsed Disease Ontology OBO file: the header `data-version` and every `[Term]` stanza. */
export interface DoidObo {
  dataVersion: string | null;
  terms: DoidTerm[];
}

/**
 * Disease Ontology terms from an OBO 1.2 file (the DO rare slim). Only `[Term]` stanzas are read;
 * tags other than id, name, def, synonym, xref and is_obsolete are ignored. Quoted text (def,
 * synonym) is unescaped (`\"`, `\\`, `\n`, `\t`, `\W`); an xref keeps only its id (no description); the
 * def's [dbxref list] gives `definitionReferences`.
 */
export function readDoidObo(file: string): DoidObo {
  const lines = splitLines(readText(file));
  let dataVersion: string | null = null;
  const terms: DoidTerm[] = [];
  let term: DoidTerm | null = null;
  let stanzaLine = 0;
  let inHeader = true;
  const finish = (): void => {
    if (term === null) return;
    if (term.id === '') throw new IngestError(file, `line ${stanzaLine}`, '[Term] without an id');
    if (term.name === '') throw new IngestError(file, `line ${stanzaLine}`, `[Term] ${term.id} without a name`);
    terms.push(term);
    term = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const line = i + 1;
    if (text.startsWith('[')) {
      finish();
      inHeader = false;
      stanzaLine = line;
      if (text.trim() === '[Term]')
        term = { id: '', name: '', definition: null, definitionReferences: [], synonyms: [], xrefs: [], obsolete: false };
      continue;
    }
    const colon = text.indexOf(':');
    if (colon <= 0) continue;
    const tag = text.slice(0, colon);
    const value = text.slice(colon + 1).trim();
    if (inHeader) {
      if (tag === 'data-version') dataVersion = value;
      continue;
    }
    if (term === null) continue;
    switch (tag) {
      case 'id':
        if (!DOID.test(value)) throw new IngestError(file, `line ${line}`, `malformed DOID id "${value}"`);
        term.id = value;
        break;
      case 'name':
        term.name = unescapeObo(value);
        break;
      case 'def': {
        const { text: def, rest } = quoted(file, line, value);
        term.definition = def;
        if (rest.startsWith('[')) {
          try {
            term.definitionReferences = readXrefList(rest).ids;
          } catch (err) {
            throw new IngestError(file, `line ${line}`, `def: ${(err as Error).message}`);
          }
        }
        break;
      }
      case 'synonym': {
        const { text: synonym, rest } = quoted(file, line, value);
        const word = rest.split(/\s+/, 1)[0];
        const scope = Object.hasOwn(SCOPES, word) ? SCOPES[word] : undefined;
        if (scope === undefined) throw new IngestError(file, `line ${line}`, `unknown synonym scope "${word}"`);
        term.synonyms.push({ text: synonym, scope });
        break;
      }
      case 'xref':
        term.xrefs.push(value.split(/\s+/, 1)[0]);
        break;
      case 'is_obsolete':
        term.obsolete = value === 'true';
        break;
    }
  }
  finish();
  return { dataVersion, terms };
}

/** Reads the leading OBO quoted string of `value`; `rest` is what follows the closing quote. */
function quoted(file: string, line: number, value: string): { text: string; rest: string } {
  if (!value.startsWith('"')) throw new IngestError(file, `line ${line}`, 'expected quoted text');
  for (let i = 1; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') i++;
    else if (c === '"') return { text: unescapeObo(value.slice(1, i)), rest: value.slice(i + 1).trim() };
  }
  throw new IngestError(file, `line ${line}`, 'unterminated quoted text');
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', W: ' ' };

function unescapeObo(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}
