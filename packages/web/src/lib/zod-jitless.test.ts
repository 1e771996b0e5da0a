import { describe, expect, it } from 'vitest';

describe('zod without eval in the apps', () => {
  it('is jitless when zod loads after the entry set it, so it never probes `new Function`', async () => {
    await import('./zod-jitless');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // and parsing still works
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
