import type { LanguageCode } from '@aula/domain/languages';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { usePageShown } from '../../../lib/page-shown';
import { selectIsSignedIn } from '../../auth/auth.slice';
import { isLanguageSwitcherShown, SWITCHER_LANGUAGES } from '../language-switch';
import { LanguageButton } from './language-button';

// AntD's Dropdown and Menu are some 23 KB gzip: on a slow link they would share the bandwidth with the page's own
// content, so the menu loads once the page has shown it (lib/page-shown.ts) or when the button is used first.
const LanguageMenu = lazy(() => import('./language-menu'));

/**
 * The language menu (001 section 1): English, Español, Українська, each named in its own language. Signed in, it
 * is shown only when the user's language_switcher setting allows, and a choice is saved to the user's settings.
 * Until the menu's code is there, the same button stands in; pressing it loads the menu and opens it.
 */
export function LanguageSwitcher() {
  const { i18n } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const settings = useAppSelector((s) => s.auth.settings);
  const pageShown = usePageShown();
  const [asked, setAsked] = useState(false);
  if (!isLanguageSwitcherShown(signedIn, settings)) return null;

  const current = (SWITCHER_LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as LanguageCode)
    : 'en';
  const standIn = <LanguageButton current={current} onClick={() => setAsked(true)} loading={asked} />;
  if (!pageShown && !asked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageMenu current={current} initiallyOpen={asked} />
    </Suspense>
  );
}
