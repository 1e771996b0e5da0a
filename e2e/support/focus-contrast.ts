import type { Page } from 'playwright-core';

/** One Tab stop: what has focus, the colour its focus indicator is drawn in and the colour around it. */
export interface FocusStop {
  element: string;
  /** The control says it holds an invalid value (aria-invalid), e.g. a field showing its validation message. */
  invalid: boolean;
  /** 'outline' or 'box-shadow' on the focused element or the wrapper that draws its focus; null: nothing changes. */
  indicator: 'outline' | 'box-shadow' | null;
  colour: string;
  background: string;
  contrast: number;
}

// The browser side, as a string so that the bundler of the test runner does not rewrite it. Before any focus it
// records how every focusable element and its wrappers look (outline, box-shadow); at each stop it takes the first
// of them whose look changed with focus as the indicator (so a wrapper's permanent shadow never counts), composites
// its colour over what is behind it and computes the WCAG contrast ratio against that background.
const BROWSER_SIDE = String.raw`
(() => {
  const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
  const parse = (css) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
    if (!m) return null;
    return { r: +m[1], g: +m[2], b: +m[3], a: m[4] === undefined ? 1 : +m[4] };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const ratio = (x, y) => {
    const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  const hex = ({ r, g, b }) => '#' + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  // the solid colour behind an element: its ancestors' backgrounds composited from the page (white) up
  const backgroundOf = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a === 1) break;
      }
    }
    return layers.reverse().reduce((acc, c) => over(c, acc), { r: 255, g: 255, b: 255, a: 1 });
  };
  // a box-shadow that draws a ring (no offset, no blur, a spread): the focus rings of Ant Design's fields
  const ringOf = (boxShadow) => {
    for (const part of boxShadow.split(/,(?![^(]*\))/)) {
      const colour = /rgba?\([^)]*\)/.exec(part);
      const lengths = part.replace(/rgba?\([^)]*\)/, '').trim().split(/\s+/).filter(Boolean).map(parseFloat);
      if (colour && lengths.length >= 4 && lengths[0] === 0 && lengths[1] === 0 && lengths[2] === 0 && lengths[3] > 0)
        return { colour: colour[0], width: lengths[3] };
    }
    return null;
  };
  // an indicator on something transparent (Ant Design's native checkbox under its drawn box) is not seen
  const seen = (el) => {
    let opacity = 1;
    for (let n = el; n; n = n.parentElement) opacity *= parseFloat(getComputedStyle(n).opacity);
    return opacity > 0.1 && getComputedStyle(el).visibility !== 'hidden';
  };
  const lookOf = (el) => {
    const s = getComputedStyle(el);
    const outline =
      s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
        ? { colour: s.outlineColor, width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset) }
        : null;
    return { outline, ring: ringOf(s.boxShadow), key: s.outlineStyle + s.outlineWidth + s.outlineColor + s.boxShadow };
  };
  // the focused element, the wrappers that draw a field's focus and a checkbox's or radio's box (the next sibling)
  const candidatesOf = (el) => {
    const list = [el];
    for (let n = el.parentElement, i = 0; n && i < 4; n = n.parentElement, i++) list.push(n);
    if (el.nextElementSibling) list.splice(1, 0, el.nextElementSibling);
    return list;
  };
  const baseline = new WeakMap();
  // the focused element's own look is never a baseline: it is what is measured
  const record = () => {
    const focused = document.activeElement ? new Set(candidatesOf(document.activeElement)) : new Set();
    for (const el of document.querySelectorAll(FOCUSABLE))
      for (const c of candidatesOf(el)) if (!baseline.has(c) && !focused.has(c)) baseline.set(c, lookOf(c).key);
  };
  const describe = (el) => {
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').trim();
    const role = el.getAttribute('role') || el.tagName.toLowerCase();
    return role + (el.type && el.tagName === 'INPUT' ? '[' + el.type + ']' : '') + ' "' + name.slice(0, 40) + '"';
  };
  const stop = () => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    record(); // elements shown since the last stop (a menu, a message): their look before focus reaches them
    const invalid = el.getAttribute('aria-invalid') === 'true';
    for (const c of candidatesOf(el)) {
      const look = lookOf(c);
      if (baseline.has(c) && baseline.get(c) === look.key) continue;
      const mark = look.outline || look.ring;
      if (!mark || !seen(c)) continue;
      // an outline drawn inside the element sits on its own background, anything else on what surrounds it
      const inside = look.outline && look.outline.offset < 0;
      const background = backgroundOf(inside ? c : c.parentElement || c);
      const colour = over(parse(mark.colour) || { r: 0, g: 0, b: 0, a: 0 }, background);
      return {
        element: describe(el),
        invalid,
        indicator: look.outline ? 'outline' : 'box-shadow',
        colour: hex(colour),
        background: hex(background),
        contrast: Math.round(ratio(colour, background) * 100) / 100,
      };
    }
    return { element: describe(el), invalid, indicator: null, colour: '', background: hex(backgroundOf(el)), contrast: 1 };
  };
  window.__focusStops = { record, stop };
})();
`;

// Looks are read at rest: a field caught in its focus transition reports a colour half-way to its ring.
const AT_REST = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Records how every control looks before focus, so a stop counts only what focus changed. Call before tabbing. */
export async function recordUnfocusedLooks(page: Page): Promise<void> {
  await page.addStyleTag({ content: AT_REST });
  await page.evaluate(BROWSER_SIDE);
  await page.evaluate('window.__focusStops.record()');
}

/** The focus indicator of the element that has focus now (null when focus is on the page itself). */
export async function currentFocusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate('window.__focusStops.stop()');
}

/**
 * From the top of the page, as a keyboard user arrives: presses Tab up to `max` times and returns every stop until
 * focus leaves the page or comes back to one it met. A walk cut short because the page redrew the focused element
 * (a late answer re-renders a menu: focus falls to the body) is walked again, up to three times.
 */
export async function tabThrough(page: Page, max: number): Promise<FocusStop[]> {
  for (let attempt = 1; ; attempt++) {
    const { stops, redrawn } = await walkOnce(page, max);
    if (!redrawn || attempt === 3) return stops;
    await page.waitForTimeout(500);
  }
}

async function walkOnce(page: Page, max: number): Promise<{ stops: FocusStop[]; redrawn: boolean }> {
  // Tab moves on from the last focused element: a start point before everything else (not itself a Tab stop)
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    start.dataset.focusWalkStart = '';
    document.body.prepend(start);
    start.focus();
  });
  await recordUnfocusedLooks(page);
  const stops: FocusStop[] = [];
  const seen = new Set<string>();
  let redrawn = false;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const { id, lost } = await page.evaluate(() => {
      const w = window as unknown as { __focusWalkLast?: HTMLElement };
      const el = document.activeElement as HTMLElement | null;
      // focus on the body after an element that is no longer in the page: the page redrew it, not the end of the walk
      const lost = w.__focusWalkLast !== undefined && !w.__focusWalkLast.isConnected;
      if (!el || el === document.body) return { id: '', lost };
      w.__focusWalkLast = el;
      if (!el.dataset.focusWalk) el.dataset.focusWalk = String(Math.random());
      return { id: el.dataset.focusWalk, lost };
    });
    if (!id && lost) redrawn = true;
    if (!id || seen.has(id)) break;
    seen.add(id);
    const stop = await currentFocusStop(page);
    if (stop) stops.push(stop);
  }
  await page.evaluate(() => {
    document.querySelector('[data-focus-walk-start]')?.remove();
    delete (window as unknown as { __focusWalkLast?: HTMLElement }).__focusWalkLast;
  });
  return { stops, redrawn };
}

/** One readable line per stop whose indicator is missing or below 3:1 against its surroundings. */
export function weakIndicators(stops: readonly FocusStop[]): string[] {
  return stops
    .filter((s) => s.indicator === null || s.contrast < 3)
    .map((s) =>
      s.indicator === null
        ? `${s.element}: no focus indicator`
        : `${s.element}: ${s.indicator} ${s.colour} on ${s.background} is ${s.contrast}:1`,
    );
}
