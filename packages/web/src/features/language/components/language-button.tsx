import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import type { LanguageCode } from '@aula/domain/languages';
import { Button, type ButtonProps } from 'antd';
import { useT } from '../../../lib/i18n';

/** The language menu's button: the current language, named in its own language, with a globe. */
export function LanguageButton({ current, ...rest }: { current: LanguageCode } & ButtonProps) {
  const t = useT();
  return (
    <Button
      type="text"
      className="language-switcher"
      icon={<GlobalOutlined aria-hidden />}
      aria-label={`${t('common.language.label')}: ${t(`common.language.${current}`)}`}
      aria-haspopup="menu"
      data-testid="language-switcher"
      {...rest}
    >
      <span className="language-switcher-label" lang={current}>
        {t(`common.language.${current}`)}
      </span>
    </Button>
  );
}
