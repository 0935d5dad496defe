import type { Scope } from '../contract/api/tiers.ts';
import type { Guard } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';

export interface RequireScopeOptions {
  /** Realm named in WWW-Authenticate; default 'disease-content-service'. */
  realm?: string;
}

/**
 * Let the request through only if the authenticated key carries `scope`; otherwise a 403 'forbidden'
 * problem naming the missing scope and the key's tier, with RFC 6750's insufficient_scope challenge.
 * Must run after auth(): without a principal it fails closed by throwing.
 */
export function requireScope(scope: Scope, options: RequireScopeOptions = {}): Guard {
  const realm = options.realm ?? 'disease-content-service';

  return function requireScope(req, res) {
    const principal = req.ctx.principal;
    if (!principal) throw new Error(`requireScope('${scope}') ran before the auth middleware`);
    if (principal.scopes.includes(scope)) return true;
    const challenge = `Bearer realm="${realm}", error="insufficient_scope", error_description="The API key lacks the ${scope} scope", scope="${scope}"`;
    const detail = `This endpoint needs the '${scope}' scope; this API key (tier ${principal.tier}) has: ${principal.scopes.join(', ') || 'no scopes'}.`;
    sendProblem(req, res, problem('forbidden', detail, { requiredScope: scope, tier: principal.tier }), ['WWW-Authenticate', challenge]);
    return false;
  };
}
