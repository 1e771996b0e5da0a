import { describe, expect, it } from 'vitest';
import {
  addSection,
  cleanState,
  hasUnsavedChanges,
  isSectionEmptyWithout,
  isValidSectionOrder,
  markAdded,
  markChanged,
  removeScreen,
  removeSection,
  resetAfterVersionLoad,
} from './activity-screens';

const screens = [
  { id: 1, section: 1 },
  { id: 2, section: 1 },
  { id: 3, section: 2 },
  { id: 4, section: 3 },
];
const sections = (list: { section: number }[]) => list.map((s) => s.section);

describe('screen edit states (001 section 4)', () => {
  it('marks changes, and duplicate/clone/link add screens marked added and changed', () => {
    let states = [cleanState(1)];
    expect(hasUnsavedChanges(states)).toBe(false);
    states = markChanged(states, 1);
    expect(states[0]).toMatchObject({ id: 1, isChanged: true, isAdded: false });
    states = markAdded(states, [7, 8]);
    expect(states.find((s) => s.id === 7)).toMatchObject({ isAdded: true, isChanged: true, isRemoved: false });
    expect(hasUnsavedChanges(states)).toBe(true);
  });

  it('loading a version resets changed and added but keeps removed', () => {
    const states = resetAfterVersionLoad([
      { id: 1, isChanged: true, isAdded: true, isRemoved: true, isSectionChanged: false },
    ]);
    expect(states[0]).toEqual({ id: 1, isChanged: false, isAdded: false, isRemoved: true, isSectionChanged: false });
  });
});

describe('sections', () => {
  it('adding a section shifts the screen and every later screen up by one', () => {
    const r = addSection(screens, [], 1);
    expect(sections(r.screens)).toEqual([1, 2, 3, 4]);
    expect(r.states.filter((s) => s.isSectionChanged).map((s) => s.id)).toEqual([2, 3, 4]);
  });

  it('adding a section where one already starts changes nothing', () => {
    expect(sections(addSection(screens, [], 2).screens)).toEqual([1, 1, 2, 3]);
    expect(addSection(screens, [], 2).states).toEqual([]);
  });

  it('removing a section lowers sections at or above it by one', () => {
    const r = removeSection(screens, [], 2);
    expect(sections(r.screens)).toEqual([1, 1, 1, 2]);
    expect(r.states.map((s) => s.id)).toEqual([3, 4]);
    expect(sections(removeSection(screens, [], 1).screens)).toEqual([1, 1, 2, 3]);
  });

  it('a section is empty when all its other screens are removed', () => {
    expect(isSectionEmptyWithout(screens, [], 3)).toBe(true);
    expect(isSectionEmptyWithout(screens, [], 1)).toBe(false);
    expect(isSectionEmptyWithout(screens, [{ ...cleanState(2), isRemoved: true }], 1)).toBe(true);
  });

  it('removing the last screen of a section closes the gap', () => {
    const r = removeScreen(screens, [], 3);
    expect(sections(r.screens)).toEqual([1, 1, 2, 2]);
    expect(r.states.find((s) => s.id === 3)?.isRemoved).toBe(true);
    expect(r.states.find((s) => s.id === 4)?.isSectionChanged).toBe(true);
    expect(sections(removeScreen(screens, [], 1).screens)).toEqual([1, 1, 2, 3]);
  });

  it('accepts only orders numbered 1..n without going down or skipping', () => {
    expect(isValidSectionOrder([1, 1, 2, 3, 3])).toBe(true);
    expect(isValidSectionOrder([])).toBe(true);
    expect(isValidSectionOrder([2])).toBe(false);
    expect(isValidSectionOrder([1, 3])).toBe(false);
    expect(isValidSectionOrder([1, 2, 1])).toBe(false);
  });
});
