import { access } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers the scheduling priority (raises the nice value) of the libuv thread pool's threads, where argon2 hashes
 * and verifies passwords, so that on a busy core the main thread (every other request: saves, lists, starts) runs
 * first and a sign-in rush queues in the pool instead of starving it (THREAD_POOL_NICE, docs/performance.md).
 * Linux only (a thread's nice value is its own there); elsewhere, or with 0, nothing changes. Returns how many
 * threads were changed.
 */
export async function lowerThreadPoolPriority(nice: number): Promise<number> {
  if (nice <= 0 || process.platform !== 'linux') return 0;
  // libuv starts all of the pool's threads on its first task
  await access('.');
  let changed = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    let name: string;
    try {
      name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (name !== 'libuv-worker') continue;
    try {
      os.setPriority(Number(tid), nice);
      changed += 1;
    } catch {
      // not allowed here (a container without it): leave the thread as it is
    }
  }
  return changed;
}
