/** The two front ends built from this package; each names its API calls, storage keys and UI strings after it. */
export type AppName = 'dashboard' | 'student';

declare global {
  /**
   * The app being built, replaced by its name at build time (`define` in vite-config.ts). Used in place, not
   * through an exported constant, so every key and URL folds to a plain string in each app's bundle.
   */
  const __AULA_APP__: AppName;
}
