/**
 * zod compiles a fast parser for each object schema with `new Function`, which our
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses, reporting a violation on
 * every page that parses. Jitless mode parses without eval. zod reads the flag when a schema is
 * built, so it must be set before any schema module runs: main.tsx imports this module first.
 *
 * `z.config({ jitless: true })` would do the same but puts zod's core into the entry chunk
 * (11 KB on the login path, where no schema is used); zod keeps that configuration in this
 * global and adopts an object already there (zod-jitless.test.ts holds zod to it).
 */
interface ZodGlobalConfig {
  jitless?: boolean;
}

const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };

export function configureZodJitless(): void {
  zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
}

configureZodJitless();
