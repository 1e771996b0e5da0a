import { UI_APP_NAMES, type Freshness, type UiAppName } from './build-freshness';

// What `npm start` does about the front ends before it starts the server (issue 14): build what is stale, build all
// when asked to, or nothing when told not to or when the apps are not served. One line says which and why.

export const FORCE_HINT = 'npm start -- --build or AULA_BUILD=1 rebuilds';

export interface BuildDecision {
  apps: UiAppName[];
  /** the one line printed before the server starts */
  line: string;
}

export class StartArgumentError extends Error {}

type Mode = 'auto' | 'always' | 'never';

/** AULA_BUILD and the script's own arguments (`npm start -- --build`); a flag wins over the variable. */
export function buildMode(args: readonly string[], env: Record<string, string | undefined>): Mode {
  const unknown = args.filter((a) => a !== '--build' && a !== '--no-build');
  if (unknown.length)
    throw new StartArgumentError(`npm start: unknown argument ${unknown[0]} (use --build or --no-build)`);
  if (args.includes('--build')) return 'always';
  if (args.includes('--no-build')) return 'never';
  const v = env.AULA_BUILD?.trim().toLowerCase();
  if (!v || v === 'auto') return 'auto';
  if (['1', 'true', 'yes', 'always'].includes(v)) return 'always';
  if (['0', 'false', 'no', 'never'].includes(v)) return 'never';
  throw new StartArgumentError(`Invalid configuration: AULA_BUILD: must be 1 (always build), 0 (never) or auto`);
}

function when(d: Date): string {
  return d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export function decideBuild(opts: {
  mode: Mode;
  /** false when this process serves no front end (SERVE_UI=false, or SERVICES without web) */
  servesUi: boolean;
  /** each app's staleness (read only in auto mode) */
  freshness: () => readonly Freshness[];
}): BuildDecision {
  const all = [...UI_APP_NAMES];
  if (opts.mode === 'always') return { apps: all, line: `Building ${all.join(' and ')} (asked to build)` };
  if (opts.mode === 'never') return { apps: [], line: 'Build skipped: AULA_BUILD=0 or --no-build' };
  if (!opts.servesUi)
    return { apps: [], line: 'Build skipped: this process serves no app (SERVE_UI=false or SERVICES without web)' };
  const freshness = opts.freshness();
  const stale = freshness.filter((f) => f.stale);
  if (stale.length === 0) {
    const oldest = freshness.map((f) => f.builtAt!).reduce((a, b) => (b.getTime() < a.getTime() ? b : a));
    return {
      apps: [],
      line: `Build skipped: ${all.join(' and ')} built ${when(oldest)}, no source changed since (${FORCE_HINT})`,
    };
  }
  return {
    apps: stale.map((f) => f.app),
    line: `Building ${stale.map((f) => `${f.app} (${f.reason})`).join(' and ')}`,
  };
}
