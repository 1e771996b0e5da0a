import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_BANNER_HEIGHT,
  REVIEW_BANNER_MESSAGES,
  reviewBanner,
  type AnswerSummary,
  type ReviewBanner as ReviewBannerModel,
} from '@aula/domain/answers';

type Token = ReturnType<typeof theme.useToken>['token'];

/**
 * 000 section 4: the state's colour from the Ant Design theme (dark text, warning, success, error). The line itself
 * is written in the colour's text shade (the theme keeps those at 4.5:1 on white, WCAG AA); the bar above it is the
 * colour itself.
 */
function colourOf(colour: ReviewBannerModel['colour'], token: Token): { text: string; bar: string } {
  switch (colour) {
    case 'text':
      return { text: token.colorText, bar: token.colorText };
    case 'warning':
      return { text: token.colorWarningText, bar: token.colorWarning };
    case 'success':
      return { text: token.colorSuccessText, bar: token.colorSuccess };
    case 'error':
      return { text: token.colorErrorText, bar: token.colorError };
  }
}

/**
 * The footer review banner of an activity (000 sections 2 and 4): Not Answered, Pending Teacher Review or 'Correct
 * Answers: X out of Y' in the state's colour, 'NOTE: Green indicates a correct choice' when any question is a
 * checkbox, 'Some answers are pending teacher review' when some but not all need review; 80 px high. A polite live
 * region: when the summary changes (a teacher scored an answer) screen readers hear the new line.
 */
export function ReviewBanner({ summary, style }: { summary: AnswerSummary; style?: CSSProperties | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const banner = reviewBanner(summary);
  const colour = colourOf(banner.colour, token);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-state={banner.state}
      style={{
        boxSizing: 'border-box',
        height: REVIEW_BANNER_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 2,
        padding: '0 24px',
        overflow: 'hidden',
        background: token.colorBgContainer,
        borderTop: `4px solid ${colour.bar}`,
        ...style,
      }}
    >
      <div style={{ color: colour.text, fontSize: token.fontSizeLG, fontWeight: 600, lineHeight: 1.3 }}>
        {t(banner.message.key, banner.message.values)}
      </div>
      {banner.somePending && (
        <div style={{ color: token.colorWarningText, lineHeight: 1.3 }}>{t(REVIEW_BANNER_MESSAGES.somePending)}</div>
      )}
      {banner.choiceNote && (
        <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, lineHeight: 1.3 }}>
          {t(REVIEW_BANNER_MESSAGES.choiceNote)}
        </div>
      )}
    </div>
  );
}
