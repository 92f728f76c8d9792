/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it the first
 * time a schema parses: under the page's CSP (no 'unsafe-eval') the probe is refused and Chromium
 * records a CSP issue (Lighthouse best practices, "inspector-issues") on every page that loads zod.
 * jitless parsers never call it. Set through zod's global config object (what `z.config()` writes),
 * before zod loads (or after: the object is shared), so the entry does not carry zod for it; zod-jitless.test.ts checks the link.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The very object zod keeps (it reuses one that exists): mutated, never replaced.
(scope.__zod_globalConfig ??= {}).jitless = true;
