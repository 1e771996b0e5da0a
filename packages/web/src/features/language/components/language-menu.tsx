import type { LanguageCode } from '@aula/domain/languages';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { changeLanguage, useT } from '../../../lib/i18n';
import { toastError } from '../../../lib/notifier';
import { selectIsSignedIn } from '../../auth/auth.slice';
import { useSaveLanguageMutation } from '../api';
import { switchLanguage, SWITCHER_LANGUAGES } from '../language-switch';
import { LanguageButton } from './language-button';

/**
 * The language menu itself (AntD's Dropdown and Menu, a large part of AntD): loaded by LanguageSwitcher once the
 * page has shown its content, or at once when the button is used before that (`initiallyOpen`). A choice is applied
 * and, signed in, saved to the user's settings.
 */
export default function LanguageMenu({ current, initiallyOpen }: { current: LanguageCode; initiallyOpen: boolean }) {
  const t = useT();
  const signedIn = useAppSelector(selectIsSignedIn);
  const [save] = useSaveLanguageMutation();
  const [open, setOpen] = useState(initiallyOpen);
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
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: SWITCHER_LANGUAGES.map((code) => ({
          key: code,
          label: <span lang={code}>{t(`common.language.${code}`)}</span>,
        })),
        onClick: ({ key }) => {
          setOpen(false);
          onPick(key as LanguageCode);
        },
      }}
    >
      <LanguageButton current={current} />
    </Dropdown>
  );
}
