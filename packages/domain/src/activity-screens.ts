// Screen order, sections and edit states in the activity builder (001 section 4). Pure functions over the screens
// in their order; the builder keeps the result in its state and the API checks saved orders with the same rules.

export interface SectionedScreen {
  id: number;
  section: number;
}

/** 001 section 3: screensState entry. */
export interface ScreenEditState {
  id: number;
  isChanged: boolean;
  isRemoved: boolean;
  isAdded: boolean;
  isSectionChanged: boolean;
}

export function cleanState(id: number): ScreenEditState {
  return { id, isChanged: false, isRemoved: false, isAdded: false, isSectionChanged: false };
}

function patch(states: readonly ScreenEditState[], ids: readonly number[], change: Partial<ScreenEditState>) {
  const wanted = new Set(ids);
  const seen = new Set<number>();
  const next = states.map((s) => {
    if (!wanted.has(s.id)) return s;
    seen.add(s.id);
    return { ...s, ...change };
  });
  for (const id of ids) if (!seen.has(id)) next.push({ ...cleanState(id), ...change });
  return next;
}

/** Any edit of a screen's body marks it changed. */
export function markChanged(states: readonly ScreenEditState[], id: number): ScreenEditState[] {
  return patch(states, [id], { isChanged: true });
}

/** Removal marks removed (the screen stays until the activity is saved, so a version load can bring it back). */
export function markRemoved(states: readonly ScreenEditState[], id: number): ScreenEditState[] {
  return patch(states, [id], { isRemoved: true });
}

/** Duplicate, clone and link add screens marked added and changed. */
export function markAdded(states: readonly ScreenEditState[], ids: readonly number[]): ScreenEditState[] {
  return patch(states, ids, { isAdded: true, isChanged: true });
}

/** Loading a version resets changed and added. */
export function resetAfterVersionLoad(states: readonly ScreenEditState[]): ScreenEditState[] {
  return states.map((s) => ({ ...s, isChanged: false, isAdded: false }));
}

/** Whether the builder holds work that is not saved (001 section 4; issue 4: never lost silently). */
export function hasUnsavedChanges(states: readonly ScreenEditState[]): boolean {
  return states.some((s) => s.isChanged || s.isRemoved || s.isAdded || s.isSectionChanged);
}

function withSectionChanges<T extends SectionedScreen>(
  before: readonly T[],
  after: T[],
  states: readonly ScreenEditState[],
): { screens: T[]; states: ScreenEditState[] } {
  const moved = after.filter((s, i) => s.section !== before[i]!.section).map((s) => s.id);
  return { screens: after, states: patch(states, moved, { isSectionChanged: true }) };
}

/**
 * Starts a new section at the screen at `index`: that screen and every later one move up by one section.
 * (001 section 4: adding a section shifts later screens' section up by one.)
 */
export function addSection<T extends SectionedScreen>(
  screens: readonly T[],
  states: readonly ScreenEditState[],
  index: number,
): { screens: T[]; states: ScreenEditState[] } {
  if (index <= 0 || index >= screens.length) return { screens: [...screens], states: [...states] };
  if (screens[index]!.section !== screens[index - 1]!.section) return { screens: [...screens], states: [...states] };
  const after = screens.map((s, i) => (i >= index ? { ...s, section: s.section + 1 } : s));
  return withSectionChanges(screens, after, states);
}

/**
 * Removes the boundary of `section`: screens in it and above it move down by one, so its screens join the section
 * before (001 section 4: removing a section lowers sections at or above it by one). Section 1 has no section before
 * it and cannot be removed.
 */
export function removeSection<T extends SectionedScreen>(
  screens: readonly T[],
  states: readonly ScreenEditState[],
  section: number,
): { screens: T[]; states: ScreenEditState[] } {
  if (section <= 1) return { screens: [...screens], states: [...states] };
  const after = screens.map((s) => (s.section >= section ? { ...s, section: s.section - 1 } : s));
  return withSectionChanges(screens, after, states);
}

/** 001 section 4: a section is empty when all its other screens are removed. */
export function isSectionEmptyWithout(
  screens: readonly SectionedScreen[],
  states: readonly ScreenEditState[],
  screenId: number,
): boolean {
  const target = screens.find((s) => s.id === screenId);
  if (!target) return false;
  const removed = new Set(states.filter((s) => s.isRemoved).map((s) => s.id));
  return screens.every((s) => s.id === screenId || s.section !== target.section || removed.has(s.id));
}

/**
 * Removes a screen: marks it removed and, when that leaves its section empty, removes the section so the sections
 * stay numbered 1..n without gaps.
 */
export function removeScreen<T extends SectionedScreen>(
  screens: readonly T[],
  states: readonly ScreenEditState[],
  screenId: number,
): { screens: T[]; states: ScreenEditState[] } {
  const target = screens.find((s) => s.id === screenId);
  if (!target) return { screens: [...screens], states: [...states] };
  const emptied = isSectionEmptyWithout(screens, states, screenId);
  const marked = markRemoved(states, screenId);
  if (!emptied) return { screens: [...screens], states: marked };
  // the removed screens of an emptied section go with it; the sections above close the gap
  const after = screens.map((s) => (s.section > target.section ? { ...s, section: s.section - 1 } : s));
  return withSectionChanges(screens, after, marked);
}

/**
 * A saved order is valid when sections start at 1, never go down, and never skip a number (the API refuses
 * anything else with 422).
 */
export function isValidSectionOrder(sections: readonly number[]): boolean {
  let previous = 1;
  for (const [i, section] of sections.entries()) {
    if (!Number.isInteger(section)) return false;
    if (i === 0 ? section !== 1 : section !== previous && section !== previous + 1) return false;
    previous = section;
  }
  return true;
}
