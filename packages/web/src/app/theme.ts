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
  // the error colour itself: AntD's form messages and danger buttons draw in it (#ff4d4f is 3.3:1 on white)
  colorError: '#b91c1c',
  colorErrorHover: '#991b1b',
  colorErrorActive: '#7f1d1d',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji'",
};

/**
 * The colour of keyboard focus in each theme: 3:1 or more against white, the page's grey (#f5f5f5) and the light
 * tints the theme puts behind selected items (WCAG 2.1 1.4.11, 2.4.7). global.css draws it on plain elements
 * (links, native controls, the activity's own controls) through --aula-focus; focusTokens() on Ant Design's.
 */
export const FOCUS_COLOURS: Record<ThemeName, string> = { default: '#1d4ed8', partner: '#0f766e' };

/**
 * Ant Design draws keyboard focus in two tokens: an outline in colorPrimaryBorder (buttons, links, checkboxes,
 * radios, switches, tabs, menus, pagination, segmented, collapse, modal close...) and a ring in controlOutline
 * around fields (input, select, date picker, number), colorErrorOutline and colorWarningOutline around fields in
 * those states. Their defaults are light tints (1.8:1 on white; a field in error showed a pale pink ring). All four
 * become the focus colour, so a field showing its validation error (red border) gets the same ring as any other.
 * colorPrimaryBorder also colours the slider's track and a pressed filled button, which a stronger shade suits.
 */
function focusTokens(focus: string): ThemeConfig['token'] {
  return {
    colorPrimaryBorder: focus,
    controlOutline: focus,
    colorErrorOutline: focus,
    colorWarningOutline: focus,
    lineWidthFocus: 2,
  };
}

// Buttons draw a 2px shadow under them in controlOutline (colorErrorOutline when dangerous): a pale line by
// default, a dark bar in the focus colour; they go without. An empty checkbox or radio is only its border, which
// by default (#d9d9d9, 1.4:1) a student can hardly see: 3:1 on white and on the page's grey (1.4.11).
const CONTROL_BORDER = '#858585';
const components: ThemeConfig['components'] = {
  Button: { primaryShadow: 'none', dangerShadow: 'none' },
  Checkbox: { colorBorder: CONTROL_BORDER },
  Radio: { colorBorder: CONTROL_BORDER },
};

// AntD derives hover and active shades by lightening the primary colour, which drops white text below 4.5:1 on
// hover; both are set darker instead, so a hovered or pressed button stays readable.
export const themes: Record<ThemeName, ThemeConfig> = {
  default: {
    components,
    token: {
      ...shared,
      ...focusTokens(FOCUS_COLOURS.default),
      colorPrimary: '#1d4ed8',
      colorPrimaryHover: '#1e40af',
      colorPrimaryActive: '#1e3a8a',
      colorLink: '#1d4ed8',
      colorLinkHover: '#1e40af',
      colorLinkActive: '#1e3a8a',
    },
  },
  partner: {
    components,
    token: {
      ...shared,
      ...focusTokens(FOCUS_COLOURS.partner),
      colorPrimary: '#0f766e',
      colorPrimaryHover: '#115e59',
      colorPrimaryActive: '#134e4a',
      colorLink: '#0f766e',
      colorLinkHover: '#115e59',
      colorLinkActive: '#134e4a',
    },
  },
};

/**
 * 001 section 1: the theme switches the favicon (packages/domain/src/themes.ts says which); its focus colour goes to
 * the document, for global.css's focus outline on plain elements (portals included).
 */
export function applyThemeToDocument(theme: ThemeName): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link) link.href = THEMES[theme].favicon;
  document.documentElement.style.setProperty('--aula-focus', FOCUS_COLOURS[theme]);
}
