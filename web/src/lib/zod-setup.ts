// zod decides whether to compile its parsers with `new Function` when it builds its first object
// schema, by trying it. Under the site's Content-Security-Policy (no 'unsafe-eval') that try is a
// reported violation (and a Lighthouse best-practices failure) on every page that parses an API
// answer. The browser entry imports this first, before any schema exists, so zod never tries.
//
// zod keeps its configuration in globalThis.__zod_globalConfig (zod/v4/core/core.js creates the
// object only if it is missing and config() assigns to it), so the flag is set there rather than
// through `config` from 'zod/v4/core': importing that would put 3.7 KB (gzip) of zod into the
// JavaScript of every public page, which does not use zod at all.
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
