import type { AuthFailure } from '../contract/api/problems.ts';
import type { Guard, Req, Res } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { parseKey } from '../keys/key-format.ts';
import type { KeyStore } from '../keys/key-store.ts';

export interface AuthOptions {
  store: KeyStore;
  /** Realm named in WWW-Authenticate; default 'disease-content-service'. */
  realm?: string;
}

// Texts never quote the presented key or header: a key pasted into the wrong place is still a secret.
// error_description values stay within RFC 6750's allowed characters (no quotes or backslashes).
const FAILURES: Record<Exclude<AuthFailure, 'missing'>, { detail: string; description: string }> = {
  malformed: {
    detail: 'The API key is malformed: expected svc_live_ or svc_test_ followed by 38 base62 characters.',
    description: 'The API key is malformed',
  },
  checksum: {
    detail: 'The API key checksum does not match: the key was mistyped or truncated.',
    description: 'The API key checksum does not match',
  },
  'unknown-or-revoked': {
    detail: 'The API key is unknown or has been revoked.',
    description: 'The API key is unknown or revoked',
  },
};

const BEARER = /^Bearer(?:[ \t]+(.*))?$/i;

/**
 * Require `Authorization: Bearer <API key>` and put the key's Principal on req.ctx.principal.
 * Every failure is a 401 'unauthorized' problem. A missing header or another scheme gets a bare
 * challenge (RFC 6750 section 3.1: no error code when no bearer credentials were offered); a bad
 * or unknown key adds error="invalid_token". Mount it on every route except openapi and health.
 */
export function auth(options: AuthOptions): Guard {
  const { store } = options;
  const challenge = `Bearer realm="${options.realm ?? 'disease-content-service'}"`;

  return function auth(req, res) {
    const header = req.headers.authorization;
    const bearer = header === undefined ? null : BEARER.exec(header.trim());
    if (!bearer) {
      const detail =
        header === undefined
          ? 'No API key: send the header `Authorization: Bearer <API key>`.'
          : 'The Authorization header does not use the Bearer scheme: send `Authorization: Bearer <API key>`.';
      return reject(req, res, 'missing', detail, challenge);
    }
    const key = (bearer[1] ?? '').trim();
    // The store remembers accepted keys; the format is only parsed again to say why one failed.
    const principal = store.authenticate(key);
    if (!principal) {
      const parsed = parseKey(key);
      const reason: AuthFailure = parsed.ok ? 'unknown-or-revoked' : parsed.reason;
      const { detail, description } = FAILURES[reason];
      return reject(req, res, reason, detail, `${challenge}, error="invalid_token", error_description="${description}"`);
    }
    req.ctx.principal = principal;
    return true;
  };
}

function reject(req: Req, res: Res, reason: AuthFailure, detail: string, challenge: string): false {
  sendProblem(req, res, problem('unauthorized', detail, { reason }), ['WWW-Authenticate', challenge]);
  return false;
}
