import { inject } from 'vitest';
import type { PlatformUrls } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    platforms: PlatformUrls[];
  }
}

/**
 * The platform this journey runs against. Global setup starts one platform per worker (E2E_WORKERS, vitest.config.ts),
 * each with its own data directory, ports and demo district; a worker's journeys run one after another on its own
 * platform, as they did on the single one, so no journey shares a platform with one running at the same time.
 */
export function platformUrls(): PlatformUrls {
  const platforms = inject('platforms');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return platforms[(Math.max(1, worker) - 1) % platforms.length]!;
}
