import { createContext } from 'react';

/**
 * True inside the signed-in layout, whose content area is the page's <main>: a page shown there (coming soon, an
 * error) must not open a second main landmark, as it does when it is the whole page (axe: one main, top level).
 */
export const InsideMainLandmark = createContext(false);
