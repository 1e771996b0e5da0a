import type { Config } from '../config';

/** Fastify's types take no hop count, its runtime does: the same rule, as the function it would build. */
export function trustProxyOption(v: Config['TRUST_PROXY']) {
  return typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;
}
