/**
 * How every API key begins: `svc_live_` for production, `svc_test_` for testing (the interface's
 * section 5). The keys module parses keys by it; problem details and the access log redact
 * anything that starts with it.
 */
export const KEY_PREFIX_SOURCE = 'svc_(live|test)_';
