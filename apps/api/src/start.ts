import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { buildMode, decideBuild, StartArgumentError } from './start/build-decision';
import { appFreshness, UI_APP_NAMES, type UiAppName } from './start/build-freshness';

// `npm start` (issue 14): builds the front ends only when they are older than their sources, then runs the server in
// this very process, so the signal a process manager sends to `npm start` reaches the server (npm runs this script
// with `exec`: no shell stays between them) and the server shuts down cleanly (server.ts).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Runs the workspaces' own build scripts with the npm that started us; resolves with its exit code. The build runs in
 * its own process group (npm starts Vite through a shell), so a signal to this process stops all of it.
 */
function build(apps: readonly UiAppName[]): Promise<number> {
  const args = ['run', 'build', ...apps.flatMap((a) => ['--workspace', `@aula/${a}`])];
  const npmCli = process.env.npm_execpath;
  const options = { cwd: ROOT, stdio: 'inherit', detached: true } as const;
  const child =
    npmCli && /\.c?js$/.test(npmCli)
      ? spawn(process.execPath, [npmCli, ...args], options)
      : spawn('npm', args, options);
  const stop = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // the build has just ended
    }
    process.exitCode = 1;
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`npm start: could not run the build (${err.message})`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

async function main() {
  let mode;
  let servesUi;
  // --build-only: build what is stale and stop (`npm run test:e2e` uses it, so a run that already built does not again)
  const args = process.argv.slice(2);
  const buildOnly = args.includes('--build-only');
  try {
    mode = buildMode(
      args.filter((a) => a !== '--build-only'),
      process.env,
    );
    const config = loadConfig();
    servesUi = buildOnly || (config.SERVE_UI && config.SERVICES.includes('web'));
  } catch (err) {
    if (err instanceof ConfigError || err instanceof StartArgumentError) fail(err.message);
    throw err;
  }
  const decision = decideBuild({
    mode,
    servesUi,
    freshness: () => UI_APP_NAMES.map((app) => appFreshness(ROOT, app)),
  });
  console.log(decision.line);
  if (decision.apps.length) {
    const code = await build(decision.apps);
    // a signal during the build: stop here, the server never started
    if (process.exitCode) process.exit(process.exitCode);
    if (code !== 0) fail(`npm start: the build failed (exit code ${code}); the server was not started`);
  }
  if (buildOnly) return;
  await import('./server');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
