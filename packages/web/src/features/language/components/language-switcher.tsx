import { GlobalOutlined } from '@ant-design/icons';
import type { LanguageCode } from '@aula/domain/languages';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { changeLanguage, useT } from '../../../lib/i18n';
import { toastError } from '../../../lib/notifier';
import { selectIsSignedIn } from '../../auth/auth.slice';
import { useSaveLanguageMutation } from '../api';
import { isLanguageSwitcherShown, switchLanguage, SWITCHER_LANGUAGES } from '../language-switch';

/**
 * The language menu (001 section 1): English, Español, Українська, each named in its own language. Signed in, it
 * is shown only when the user's language_switcher setting allows, and a choice is saved to the user's settings.
 */
export function LanguageSwitcher() {
  const t = useT();
  const { i18n } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const settings = useAppSelector((s) => s.auth.settings);
  const [save] = useSaveLanguageMutation();
  if (!isLanguageSwitcherShown(signedIn, settings)) return null;

  const current = (SWITCHER_LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as LanguageCode)
    : 'en';
  const onPick = (language: LanguageCode) =>
    void switchLanguage(language, {
      current,
      signedIn,
      apply: changeLanguage,
      save: async (lng) => {
        await save(lng).unwrap();
      },
      onSaveFailed: () => toastError(t('common.language.saveFailed')),
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: SWITCHER_LANGUAGES.map((code) => ({
          key: code,
          label: <span lang={code}>{t(`common.language.${code}`)}</span>,
        })),
        onClick: ({ key }) => onPick(key as LanguageCode),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        aria-label={`${t('common.language.label')}: ${t(`common.language.${current}`)}`}
        data-testid="language-switcher"
      >
        <span lang={current} className="language-switcher-name">
          {t(`common.language.${current}`)}
        </span>
      </Button>
    </Dropdown>
  );
}
