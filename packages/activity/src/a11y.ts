import type { CSSProperties } from 'react';

/** Text for screen readers only (visually hidden, still read). */
export const srOnly: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The colour of a correct choice ('Green indicates a correct choice', 000 section 2). */
export const CORRECT_COLOR = '#237804';
