import { REVIEW_BANNER_HEIGHT, reviewBanner, type AnswerSummary } from '@aula/domain/answers';
import { useT, type MessageKey } from '@aula/web/lib/i18n.ts';
import { theme } from 'antd';

// PLACEHOLDER until the renderer's ReviewBanner (i6-render) is merged: then this file renders that component.
/** The footer review banner, pinned to the bottom of the window. */
export function ReviewFooter({ summary }: { summary: AnswerSummary }) {
  const t = useT();
  const { token } = theme.useToken();
  const banner = reviewBanner(summary);
  const colour = {
    text: token.colorText,
    warning: token.colorWarningText,
    success: token.colorSuccessText,
    error: token.colorErrorText,
  }[banner.colour];
  return (
    <footer
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        height: REVIEW_BANNER_HEIGHT,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        color: colour,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'center',
        zIndex: 10,
      }}
    >
      <strong>{t(banner.message.key as MessageKey, banner.message.values)}</strong>
      {banner.choiceNote && <span>{t('answers.banner.choiceNote')}</span>}
      {banner.somePending && <span>{t('answers.banner.somePending')}</span>}
    </footer>
  );
}
