import { SECRET_PREFIX } from '../contract/api/webhooks.ts';
import { KEY_PREFIX_SOURCE } from '../contract/api/key-prefixes.ts';

/**
 * Anything shaped like an API key or a webhook signing secret, wherever a client put it (a path, a
 * query parameter's name or value, a body member): problem details quote what was sent, and a key
 * pasted into the wrong place is still a secret. A secret's base64 may arrive percent-encoded.
 */
const SECRET_SHAPES = new RegExp(`(${KEY_PREFIX_SOURCE})[0-9A-Za-z]{4,}|(${SECRET_PREFIX})[A-Za-z0-9+/=%]{4,}`, 'g');

/** `text` with every key- or secret-shaped run replaced by its prefix and `[redacted]`. */
export function redactSecrets(text: string): string {
  // Most texts hold neither prefix: one scan for each, no regex replace.
  if (!text.includes('svc_') && !text.includes(SECRET_PREFIX)) return text;
  return text.replace(SECRET_SHAPES, (_m, key: string | undefined, _kind, secret: string | undefined) => `${key ?? secret}[redacted]`);
}

/** Whether `text` has anything key- or secret-shaped in it. */
export function holdsSecret(text: string): boolean {
  return redactSecrets(text) !== text;
}
