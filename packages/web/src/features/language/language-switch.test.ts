import { describe, expect, it, vi } from 'vitest';
import { isLanguageSwitcherShown, switchLanguage, SWITCHER_LANGUAGES } from './language-switch';

describe('isLanguageSwitcherShown', () => {
  it('always shows the switcher when signed out', () => {
    expect(isLanguageSwitcherShown(false, [{ setting: 'language_switcher', value: false }])).toBe(true);
  });
  it('follows the language_switcher setting when signed in; only false hides it', () => {
    expect(isLanguageSwitcherShown(true, [{ setting: 'language_switcher', value: false }])).toBe(false);
    expect(isLanguageSwitcherShown(true, [{ setting: 'language_switcher', value: true }])).toBe(true);
    expect(isLanguageSwitcherShown(true, [])).toBe(true);
  });
  it('offers en, es and uk in the spec’s order', () => {
    expect(SWITCHER_LANGUAGES).toEqual(['en', 'es', 'uk']);
  });
});

describe('switchLanguage', () => {
  const deps = (over: { current?: string; signedIn?: boolean; failSave?: boolean } = {}) => ({
    current: over.current ?? 'en',
    signedIn: over.signedIn ?? true,
    apply: vi.fn(async (_lng: string) => undefined),
    save: vi.fn(async (_lng: string) => (over.failSave ? Promise.reject(new Error('422')) : undefined)),
    onSaveFailed: vi.fn(),
  });

  it('applies then saves when signed in', async () => {
    const d = deps();
    await expect(switchLanguage('es', d)).resolves.toBe('saved');
    expect(d.apply).toHaveBeenCalledWith('es');
    expect(d.save).toHaveBeenCalledWith('es');
    expect(d.apply.mock.invocationCallOrder[0]).toBeLessThan(d.save.mock.invocationCallOrder[0]!);
  });

  it('only applies when signed out', async () => {
    const d = deps({ signedIn: false });
    await expect(switchLanguage('uk', d)).resolves.toBe('applied');
    expect(d.save).not.toHaveBeenCalled();
  });

  it('does nothing for the current language', async () => {
    const d = deps({ current: 'es' });
    await expect(switchLanguage('es', d)).resolves.toBe('unchanged');
    expect(d.apply).not.toHaveBeenCalled();
  });

  it('keeps the new language and reports a failed save', async () => {
    const d = deps({ failSave: true });
    await expect(switchLanguage('es', d)).resolves.toBe('not-saved');
    expect(d.apply).toHaveBeenCalledWith('es');
    expect(d.onSaveFailed).toHaveBeenCalledTimes(1);
  });
});
