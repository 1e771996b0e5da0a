import {
  ABSOLUTE_QUESTION_MAX_WIDTH,
  ABSOLUTE_QUESTION_MAX_WIDTH_SMALL,
  BREAKPOINTS,
  GRID_COLUMNS,
} from '@aula/domain/activity-content';
import type { PreviewDevice } from './types';

// How many of the 24 grid columns an item takes (docs/activities.md, "Renderer: grid spans").

const clamp = (n: number) => Math.min(GRID_COLUMNS, Math.max(1, Math.round(n)));

/**
 * The span an item authored at `large` columns takes on a device: phone shows every item full width, tablet widens
 * spans under 12 to 12 (two items a row at most), desktop keeps the authored span.
 */
export function spanForDevice(large: number, device: PreviewDevice): number {
  const span = clamp(large);
  if (device === 'phone') return GRID_COLUMNS;
  if (device === 'tablet') return Math.max(12, span);
  return span;
}

/**
 * Outside the builder preview the real window picks the device, on Ant Design's breakpoints (the spec's): phone
 * below md (768 px), tablet from md to lg (992 px), desktop from lg.
 */
export function deviceForWidth(width: number): PreviewDevice {
  if (width < BREAKPOINTS.md) return 'phone';
  if (width < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}

/**
 * The share of the screen's width an item nested in a container takes, in screen columns: a child's span counts
 * 24 columns of its container (used for the image size by span).
 */
export function spanInScreen(containerSpan: number, childSpan: number): number {
  return clamp((containerSpan * childSpan) / GRID_COLUMNS);
}

/** 000 section 2: absolute-positioned question blocks are at most 440 px wide, 400 px below md. */
export function absoluteQuestionMaxWidth(belowMd: boolean): number {
  return belowMd ? ABSOLUTE_QUESTION_MAX_WIDTH_SMALL : ABSOLUTE_QUESTION_MAX_WIDTH;
}
