import type { ThemeConfig } from 'antd';
import { THEMES, type ThemeName } from '@aula/domain/themes';

// Colours are darker than AntD's defaults so text and links keep a 4.5:1 contrast on white (WCAG AA).
const shared: ThemeConfig['token'] = {
  borderRadius: 8,
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // state colours as text (review results and banners, validation messages): AntD's shades are 2.9-3.5:1 on white
  colorSuccessText: '#15803d',
  colorWarningText: '#b45309',
  colorErrorText: '#b91c1c',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji'",
};

// AntD derives hover and active shades by lightening the primary colour, which drops white text below 4.5:1 on
// hover; both are set darker instead, so a hovered or pressed button stays readable.
export const themes: Record<ThemeName, ThemeConfig> = {
  default: {
    token: {
      ...shared,
      colorPrimary: '#1d4ed8',
      colorPrimaryHover: '#1e40af',
      colorPrimaryActive: '#1e3a8a',
      colorLink: '#1d4ed8',
      colorLinkHover: '#1e40af',
      colorLinkActive: '#1e3a8a',
    },
  },
  partner: {
    token: {
      ...shared,
      colorPrimary: '#0f766e',
      colorPrimaryHover: '#115e59',
      colorPrimaryActive: '#134e4a',
      colorLink: '#0f766e',
      colorLinkHover: '#115e59',
      colorLinkActive: '#134e4a',
    },
  },
};

/** 001 section 1: the theme switches the favicon (packages/domain/src/themes.ts says which). */
export function applyFavicon(theme: ThemeName): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) link.href = THEMES[theme].favicon;
}
