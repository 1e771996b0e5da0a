// zod compiles fast object parsers with `new Function`, after probing whether it may: under the apps'
// Content-Security-Policy (no 'unsafe-eval', docs/decisions/0007-content-security-policy.md) the probe is refused
// and reported as a violation. Its `jitless` setting skips both. zod keeps its global configuration on
// globalThis.__zod_globalConfig, so it is set there, in the entry, without loading zod (which comes with the first
// signed-in page); zod-jitless.test.ts checks that zod reads it.
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

// the same object zod reads, whether zod has loaded already or not
((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;

export {};
