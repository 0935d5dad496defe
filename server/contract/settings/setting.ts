/**
 * Settings read from the environment, declared once per side (server/settings.ts,
 * build/build-settings.ts, build/fetch/settings.ts): for each its variable name, its default, the parser
 * that turns text into a typed value, and one line of documentation. The README's settings table is
 * written from these declarations (test/unit/settings.test.ts keeps the two equal), and a start
 * checks every setting at once and reports every bad one in one message.
 */

/** The environment as a settings module reads it: variable name -> text. */
export type Env = Readonly<Record<string, string | undefined>>;

export interface SettingDef<T> {
  /** The environment variable. */
  name: string;
  /** The default as the README shows it. */
  defaultDoc: string;
  /** One line of documentation. */
  doc: string;
  /** Text (trimmed; undefined when unset or blank) to value; throws an Error saying what is expected. */
  parse: (text: string | undefined) => T;
}

/** A setting's declaration. */
export function setting<T>(name: string, defaultDoc: string, doc: string, parse: (text: string | undefined) => T): SettingDef<T> {
  return { name, defaultDoc, doc, parse };
}

/** A table of settings: property name -> declaration. */
export type SettingsTable = Record<string, SettingDef<unknown>>;

/** The typed values of a table. */
export type SettingsOf<T extends SettingsTable> = { readonly [K in keyof T]: T[K] extends SettingDef<infer V> ? V : never };

/** Every bad setting of one start, each as `NAME: what is wrong`. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`${problems.length} bad setting${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/**
 * Read every setting of `table` from `env`. All are parsed, and `checks` (rules over several
 * settings) run on the values that parsed; every problem found is listed in one SettingsError.
 */
export function readSettings<T extends SettingsTable>(
  table: T,
  env: Env,
  checks: (values: SettingsOf<T>) => string[] = () => [],
): SettingsOf<T> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, def] of Object.entries(table)) {
    const text = env[def.name]?.trim() || undefined;
    try {
      values[key] = def.parse(text);
    } catch (err) {
      // Parsers shared with other callers may name the variable themselves.
      const msg = (err as Error).message;
      problems.push(msg.startsWith(def.name) ? msg : `${def.name}: ${msg}`);
    }
  }
  if (problems.length === 0) problems.push(...checks(values as SettingsOf<T>));
  if (problems.length) throw new SettingsError(problems);
  return values as SettingsOf<T>;
}

/** The rows of a table for documentation: variable, default, meaning (in table order). */
export function settingsRows(table: SettingsTable): { name: string; defaultDoc: string; doc: string }[] {
  return Object.values(table).map(({ name, defaultDoc, doc }) => ({ name, defaultDoc, doc }));
}

// Parsers. Each takes the trimmed text (undefined when unset or blank) and returns the value.

/** Text, or the default when unset. */
export const text =
  <D extends string | null>(dflt: D) =>
  (v: string | undefined): string | D =>
    v ?? dflt;

/** A whole number from `min` to `max`. */
export const integer = (dflt: number, min: number, max: number) => (v: string | undefined) => {
  if (v === undefined) return dflt;
  if (!/^-?\d{1,15}$/.test(v) || Number(v) < min || Number(v) > max)
    throw new Error(`must be a whole number from ${min} to ${max}, got "${v}"`);
  return Number(v);
};

/** `true` or `false`. */
export const boolean = (dflt: boolean) => (v: string | undefined) => {
  if (v === undefined) return dflt;
  if (v !== 'true' && v !== 'false') throw new Error(`must be true or false, got "${v}"`);
  return v === 'true';
};

/** One of a fixed list of words. */
export const oneOf =
  <const V extends readonly string[]>(values: V, dflt: V[number]) =>
  (v: string | undefined): V[number] => {
    if (v === undefined) return dflt;
    if (!values.includes(v)) throw new Error(`must be one of ${values.join(', ')}, got "${v}"`);
    return v;
  };
