import { Ajv, type ErrorObject } from 'ajv';
import type { InvalidParam } from '../contract/api/problems.ts';
import type { Req } from './context.ts';
import { problem, type Problem } from './problem.ts';

export type BodyResult<T> = { ok: true; value: T } | { ok: false; problem: Problem; close?: boolean };

/** The name a problem gives the body as a whole (members are named by their JSON pointer, `/url`). */
export const WHOLE_BODY = '(body)';

// verbose: errors carry their schema, whose `x-malformed` names what a pattern stands for.
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
ajv.addKeyword('example');
ajv.addKeyword('x-malformed');

interface Schema {
  properties: Record<string, unknown>;
}

/**
 * A reader of a route's JSON request body, compiled from its schema. It answers with a value or a
 * problem: 415 unless `Content-Type` is application/json; a 400 for a body over `maxBytes` (the
 * rest is not read and the connection closes; a 413 `content-too-large` with `oversize`), for text
 * that is not JSON, and for every member the schema refuses, one `invalidParams` entry each, named
 * by JSON pointer.
 */
export function bodyReader<T>(
  schema: object,
  maxBytes: number,
  oversize: 'invalid-parameters' | 'content-too-large' = 'invalid-parameters',
): (req: Req) => Promise<BodyResult<T>> {
  const check = ajv.compile<T>(schema);
  const allowed = Object.keys((schema as Schema).properties).join(', ');
  const bad = (entry: InvalidParam, close = false): BodyResult<T> => ({
    ok: false,
    close,
    problem: problem('invalid-parameters', `Invalid request body: ${entry.detail}.`, { invalidParams: [entry] }),
  });
  return async function readBody(req) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      return {
        ok: false,
        problem: problem(
          'unsupported-media-type',
          `The body must be JSON sent with \`Content-Type: application/json\`${type ? `, not ${clip(type)}` : ''}.`,
        ),
      };
    }
    const tooLarge = { name: WHOLE_BODY, reason: 'too-large', detail: `the body is over ${maxBytes} bytes` } as const;
    const refuse = (): BodyResult<T> =>
      oversize === 'content-too-large'
        ? {
            ok: false,
            close: true,
            problem: problem('content-too-large', `The body is over ${maxBytes} bytes, the most this endpoint reads.`),
          }
        : bad(tooLarge, true);
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) return refuse();
    const bytes = await collect(req, maxBytes);
    if (bytes === null) return refuse();
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      return bad({
        name: WHOLE_BODY,
        reason: bytes.length ? 'malformed' : 'missing',
        detail: bytes.length ? 'the body is not valid JSON' : 'the body is empty; send a JSON object',
      });
    }
    if (check(value)) return { ok: true, value };
    const params = explain(check.errors ?? [], allowed);
    return {
      ok: false,
      problem: problem('invalid-parameters', `Invalid request body: ${params.map((p) => p.name).join(', ')}.`, { invalidParams: params }),
    };
  };
}

/** The body's bytes, or null past `max` (reading stops there). */
function collect(req: Req, max: number): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.pause();
        done(null);
      } else chunks.push(c);
    });
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/** One entry per member (the first error each), in the order ajv reports them. */
function explain(errors: ErrorObject[], allowed: string): InvalidParam[] {
  const out: InvalidParam[] = [];
  for (const e of errors) {
    const name =
      e.keyword === 'required'
        ? `${e.instancePath}/${e.params.missingProperty}`
        : e.keyword === 'additionalProperties'
          ? `${e.instancePath}/${e.params.additionalProperty}`
          : e.instancePath || WHOLE_BODY;
    if (out.some((o) => o.name === name)) continue;
    out.push({ name, ...reasonOf(e, allowed) });
  }
  return out;
}

function reasonOf(e: ErrorObject, allowed: string): Omit<InvalidParam, 'name'> {
  switch (e.keyword) {
    case 'required':
      return { reason: 'missing', detail: 'required' };
    case 'minProperties':
      return { reason: 'missing', detail: `give at least one of: ${allowed}` };
    case 'additionalProperties':
      return { reason: 'unknown-parameter', detail: `unknown member; allowed: ${allowed}` };
    case 'type':
      return { reason: 'wrong-type', detail: `must be ${e.params.type === 'array' ? 'an array' : `a ${e.params.type}`}` };
    case 'enum':
      return { reason: 'not-allowed-value', detail: `must be one of: ${(e.params.allowedValues as string[]).join(', ')}` };
    case 'pattern':
      return {
        reason: 'malformed',
        detail: `must be ${(e.parentSchema as Record<string, string> | undefined)?.['x-malformed'] ?? `matching ${e.params.pattern}`}`,
      };
    case 'uniqueItems':
      return { reason: 'duplicate', detail: `items ${e.params.j} and ${e.params.i} are the same` };
    case 'minItems':
    case 'maxItems':
      return { reason: 'out-of-range', detail: `must have ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${e.params.limit} items` };
    case 'minLength':
    case 'maxLength':
      return {
        reason: 'out-of-range',
        detail: `must be ${e.keyword === 'minLength' ? 'at least' : 'at most'} ${e.params.limit} characters`,
      };
    default:
      return { reason: 'malformed', detail: e.message ?? 'invalid' };
  }
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
