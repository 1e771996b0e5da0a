import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// Colours are judged at rest: a button caught mid-transition (AntD animates hover, focus and press) reports a
// contrast its settled state does not have.
const AT_REST = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Serious and critical axe findings (WCAG 2.1 A and AA), one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const style = await page.addStyleTag({ content: AT_REST });
  try {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    await style.evaluate((el) => (el as Element).remove());
  }
}
