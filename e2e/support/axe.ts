import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// Colours are judged at rest: a button caught mid-transition (AntD animates hover, focus and press) reports a
// contrast its settled state does not have.
const AT_REST = '*, *::before, *::after { transition: none !important; animation: none !important; }';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function analyze(page: Page, tags: string[]) {
  const style = await page.addStyleTag({ content: AT_REST });
  try {
    return (await new AxeBuilder({ page }).withTags(tags).analyze()).violations;
  } finally {
    await style.evaluate((el) => (el as Element).remove());
  }
}

function lines(violations: Awaited<ReturnType<typeof analyze>>): string[] {
  return violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Serious and critical axe findings (WCAG 2.1 A and AA), one readable line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return lines((await analyze(page, WCAG_A_AA)).filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/**
 * Every axe finding of WCAG 2.1 A and AA and of axe's best practices (landmarks, one main, heading order, content in
 * a region, one h1...), whatever its impact, one readable line each: what the accessibility journey holds pages to.
 */
export async function allViolations(page: Page): Promise<string[]> {
  return lines(await analyze(page, [...WCAG_A_AA, 'best-practice']));
}
