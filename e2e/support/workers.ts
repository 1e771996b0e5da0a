import { availableParallelism } from 'node:os';

/**
 * How many journeys run at once, each worker on its own platform (platform.ts): E2E_WORKERS, else 2 when the
 * machine has two cores or more. One worker is the old serial run (E2E_WORKERS=1 to debug a journey's order).
 */
export function e2eWorkers(): number {
  const set = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(set) && set >= 1) return set;
  return availableParallelism() >= 2 ? 2 : 1;
}
