import { maxHeaderSize } from 'node:http';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MAX_AGE, HSTS_VALUE } from '../contract/api/cors-headers.ts';
import { PROBLEMS } from '../contract/api/problems.ts';

const code = (values: readonly string[]): string => values.map((v) => `\`${v}\``).join(', ');
const kind = (k: keyof typeof PROBLEMS) => `\`${k}\` ${PROBLEMS[k].status}`;

/**
 * The "Browsers (CORS) and transport" section of `info.description`: what a web page may send
 * and read (from the contract's header lists), HSTS over TLS and the answer to a request that is
 * not HTTP.
 */
export function describeTransport(): string {
  return `## Browsers (CORS) and transport
- Cross-origin calls from a web page are off unless the service is run with \`CORS_ORIGINS\` (a comma-separated list of origins, or \`*\` for any). Ask the operator of the instance you call.
- A preflight (\`OPTIONS\` with \`Origin\` and \`Access-Control-Request-Method\`) from an allowed origin is answered \`204\` before authentication, needs no key and is never counted: \`Access-Control-Allow-Origin\` (the origin, or \`*\` when any origin is allowed), \`Access-Control-Allow-Methods\` (the methods of that path), \`Access-Control-Allow-Headers: ${CORS_ALLOWED_HEADERS.join(', ')}\`, \`Access-Control-Max-Age: ${CORS_MAX_AGE}\` (seconds).
- Every answer to an allowed origin, errors, \`304\` and \`429\` included, carries \`Access-Control-Allow-Origin\` and \`Access-Control-Expose-Headers: ${CORS_EXPOSED_HEADERS.join(', ')}\`, so a page can read ${code(CORS_EXPOSED_HEADERS)}. With a list of origins every answer also has \`Vary: Origin\`.
- Another origin gets no CORS header at all (its preflight gets the plain \`OPTIONS\` answer), so the browser keeps the answer from the page. The key travels in \`Authorization\`, never in a cookie: \`Access-Control-Allow-Credentials\` is never sent, and none is needed.
- \`OPTIONS\` on any path without a preflight is a \`204\` with \`Allow\` (the path's methods).
- Over HTTPS every answer carries \`Strict-Transport-Security: ${HSTS_VALUE}\` (never over plain HTTP).
- A request that is not valid HTTP/1.1 gets a problem document too, without \`instance\` and \`requestId\` (no request was read), and the connection is closed: ${kind('malformed-request')} (a bad request line or header field), ${kind('headers-too-large')} (request line and header fields over ${maxHeaderSize.toLocaleString('en-US')} bytes), ${kind('request-timeout')} (the request line and header fields, or the whole request, did not arrive within the server's headers or request timeout, which its operator documents). A request without \`Host\` is ${kind('malformed-request')}; an \`Expect\` other than \`100-continue\` is ${kind('expectation-failed')}.
- An idle keep-alive connection is closed by the server after its keep-alive timeout (the \`Keep-Alive\` header of each answer says how long).`;
}
