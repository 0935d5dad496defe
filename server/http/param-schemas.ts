/**
 * Request parameters as JSON Schema: one object schema per route for its query string and one for
 * its path. The server validates requests against them with ajv; the build writes them into the
 * OpenAPI document as parameter objects. Limits, defaults and allowed values live only here.
 *
 * The subset used: integer, boolean and string members (with enum, pattern, length, range and
 * default) and arrays of strings, which travel as one comma-separated value (`style: form`,
 * `explode: false`). `x-malformed` names what a pattern stands for, for error messages;
 * `x-alias-of` marks a second name of another member (a request may give one of the two).
 */

export interface IntegerParam {
  type: 'integer';
  description: string;
  minimum: number;
  maximum: number;
  default?: number;
  example?: number;
}
export interface BooleanParam {
  type: 'boolean';
  description: string;
  default?: boolean;
}
export interface StringParam {
  type: 'string';
  description: string;
  enum?: readonly string[];
  pattern?: string;
  'x-malformed'?: string;
  /** An empty (or blank) value counts as the parameter being absent, instead of failing minLength. */
  'x-empty'?: 'absent';
  minLength?: number;
  maxLength?: number;
  example?: string;
}
export interface ListParam {
  type: 'array';
  description: string;
  /** Another name of the member named here: the same values, and a request gives one of the two. */
  'x-alias-of'?: string;
  items: Omit<StringParam, 'description'>;
  minItems: number;
  maxItems?: number;
  /** A repeated value is an error (true) or silently dropped (absent). */
  uniqueItems?: true;
  example?: readonly string[];
}
export type ParamSchema = IntegerParam | BooleanParam | StringParam | ListParam;

export interface ParamsSchema {
  type: 'object';
  additionalProperties: false;
  properties: Record<string, ParamSchema>;
  required?: readonly string[];
}

type ValueOf<P> = P extends { type: 'array'; items: infer I }
  ? ValueOf<I>[]
  : P extends { enum: readonly (infer E)[] }
    ? E
    : P extends { type: 'integer' }
      ? number
      : P extends { type: 'boolean' }
        ? boolean
        : P extends { type: 'string' }
          ? string
          : never;
type Present<S extends ParamsSchema> = {
  [K in keyof S['properties']]: S['properties'][K] extends { default: unknown }
    ? K
    : K extends NonNullable<S['required']>[number]
      ? K
      : never;
}[keyof S['properties']];

/** The validated values of a parameters schema: members with a default or required are always present. */
export type ParamsOf<S extends ParamsSchema> = { [K in Present<S>]: ValueOf<S['properties'][K]> } & {
  [K in Exclude<keyof S['properties'], Present<S>>]?: ValueOf<S['properties'][K]>;
};

/** An object schema over the given members. */
export function params<P extends Record<string, ParamSchema>, R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
): { type: 'object'; additionalProperties: false; properties: P; required: R } {
  return { type: 'object', additionalProperties: false, properties, required: (required ?? []) as R };
}

/** Deepest offset a client may page to; deeper pages are cheaper to ask for with filters. */
export const MAX_OFFSET = 1_000_000;

/** A page size. */
export function limit(what: string, max: number, dflt: number) {
  return {
    type: 'integer',
    minimum: 1,
    maximum: max,
    default: dflt,
    description: `Number of ${what} per page (1-${max}, default ${dflt}).`,
  } as const;
}

/** A zero-based start position. */
export function offset(what: string) {
  return {
    type: 'integer',
    minimum: 0,
    maximum: MAX_OFFSET,
    default: 0,
    description: `Number of ${what} to skip: the zero-based position of the first one returned (at most ${MAX_OFFSET.toLocaleString('en-US')}).`,
  } as const;
}

/** A `true`/`false` filter. */
export function bool(description: string) {
  return { type: 'boolean', description: `${description} \`true\` or \`false\`.` } as const;
}

/** A comma-separated list of values from a vocabulary: a disease matches when it has any of them. */
export function anyOf<const V extends readonly string[]>(values: V, description: string) {
  return {
    type: 'array',
    items: { type: 'string', enum: values },
    minItems: 1,
    description: `${description} Comma-separated; a disease matches when it has any of the values.`,
  } as const;
}

/** A second name of a list member (`of`), the same schema: a request may give either, not both. */
export function alias<P extends ListParam>(of: string, schema: P) {
  return {
    ...schema,
    'x-alias-of': of,
    description: `The same filter as \`${of}\`, by the name the interface gives it on search; give one of the two.`,
  } as const;
}
