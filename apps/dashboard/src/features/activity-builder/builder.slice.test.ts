import { describe, expect, it } from 'vitest';
import type { BuilderContent, Screen } from './activity-builder.types';
import {
  builderActions as A,
  builderReducer,
  initialBuilderState,
  selectIsDirty,
  selectSavePlan,
  selectVisibleScreens,
  type BuilderState,
} from './builder.slice';

function screen(id: number, section: number, position: number): Screen {
  return {
    screen_id: id,
    version_id: id * 10,
    section,
    position,
    content: [],
    questions: [],
    media: [],
    sensors: [],
    links: [],
    origin: null,
    linked: false,
  };
}

function content(screens: Screen[]): BuilderContent {
  return {
    screens,
    history: [],
    published_version_id: null,
    scheduled_version_id: null,
    scheduled_at: null,
    media: [],
    sensors: [],
  };
}

const run = (state: BuilderState, ...actions: Parameters<typeof builderReducer>[1][]) =>
  actions.reduce(builderReducer, state);

// sections 1: [1, 2], 2: [3, 4]
const loaded = run(
  initialBuilderState,
  A.loaded(content([screen(3, 2, 1), screen(1, 1, 1), screen(4, 2, 2), screen(2, 1, 2)])),
);

describe('builder slice', () => {
  it('loads screens in section and position order, clean and with the first selected', () => {
    expect(loaded.screens.map((s) => [s.id, s.section])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
    ]);
    expect(loaded.selectedId).toBe(1);
    expect(selectIsDirty(loaded)).toBe(false);
    expect(selectSavePlan(loaded)).toEqual({ remove: [], bodies: [], order: null });
  });

  it('marks an edited screen changed and saves only its body', () => {
    const body = { content: [], questions: [], media: [7], sensors: [] };
    const next = run(loaded, A.bodyEdited({ id: 2, body }));
    expect(selectIsDirty(next)).toBe(true);
    const plan = selectSavePlan(next);
    expect(plan.bodies.map((s) => s.id)).toEqual([2]);
    expect(plan.bodies[0]!.body.media).toEqual([7]);
    expect(plan.order).toBeNull();
    const saved = run(next, A.screensSaved({ screens: [{ ...screen(2, 1, 2), version_id: 99 }] }));
    expect(selectIsDirty(saved)).toBe(false);
    expect(saved.screens.find((s) => s.id === 2)!.versionId).toBe(99);
  });

  it('adds a new screen after the selected one in its section, marked added and changed, and saves the order', () => {
    const next = run(loaded, A.screensAdded({ screens: [screen(9, 1, 3)], afterId: 3 }));
    expect(next.screens.map((s) => s.id)).toEqual([1, 2, 3, 9, 4]);
    expect(next.screens.find((s) => s.id === 9)!.section).toBe(2);
    expect(next.states.find((s) => s.id === 9)).toMatchObject({ isAdded: true, isChanged: true });
    expect(next.selectedId).toBe(9);
    expect(selectSavePlan(next).order).toEqual([
      { screen_id: 1, section: 1 },
      { screen_id: 2, section: 1 },
      { screen_id: 3, section: 2 },
      { screen_id: 9, section: 2 },
      { screen_id: 4, section: 2 },
    ]);
    const done = run(next, A.screensSaved({ screens: [screen(9, 2, 2)] }), A.orderSaved());
    expect(selectIsDirty(done)).toBe(false);
  });

  it('a screen edited again while its body was being saved stays changed (autosave writes the newer body)', () => {
    const first = { content: [], questions: [], media: [7], sensors: [] };
    const second = { content: [], questions: [], media: [7, 8], sensors: [] };
    const sending = run(loaded, A.bodyEdited({ id: 2, body: first }));
    const sent = { 2: selectSavePlan(sending).bodies[0]!.body };
    const editedMeanwhile = run(sending, A.bodyEdited({ id: 2, body: second }));
    const after = run(editedMeanwhile, A.screensSaved({ screens: [screen(2, 1, 2)], sent }));
    expect(selectIsDirty(after)).toBe(true);
    expect(selectSavePlan(after).bodies[0]!.body.media).toEqual([7, 8]);
    // not edited meanwhile: saved
    expect(selectIsDirty(run(sending, A.screensSaved({ screens: [screen(2, 1, 2)], sent })))).toBe(false);
  });

  it('a screen added while the order was being saved stays added, so the next save lists it', () => {
    const first = run(loaded, A.screensAdded({ screens: [screen(9, 1, 3)], afterId: 3 }));
    const listed = selectSavePlan(first).order!.map((o) => o.screen_id);
    const second = run(first, A.screensAdded({ screens: [screen(10, 1, 4)], afterId: 9 }));
    const after = run(second, A.screensSaved({ screens: [screen(9, 2, 2), screen(10, 2, 3)] }), A.orderSaved(listed));
    expect(after.states.find((s) => s.id === 9)!.isAdded).toBe(false);
    expect(after.states.find((s) => s.id === 10)!.isAdded).toBe(true);
    expect(selectSavePlan(after).order!.map((o) => o.screen_id)).toEqual([1, 2, 3, 9, 10, 4]);
  });

  it('removing a screen hides it, moves the selection, and deletes it on save', () => {
    const next = run(loaded, A.screenRemoved(1));
    expect(selectVisibleScreens(next).map((s) => s.id)).toEqual([2, 3, 4]);
    expect(next.selectedId).toBe(2);
    const plan = selectSavePlan(next);
    expect(plan.remove).toEqual([1]);
    expect(plan.order).toEqual([
      { screen_id: 2, section: 1 },
      { screen_id: 3, section: 2 },
      { screen_id: 4, section: 2 },
    ]);
    const done = run(next, A.screensDeleted([1]), A.orderSaved());
    expect(done.screens.map((s) => s.id)).toEqual([2, 3, 4]);
    expect(selectIsDirty(done)).toBe(false);
  });

  it('removing the last screen of a section removes the section and lowers the sections above', () => {
    const next = run(loaded, A.screenRemoved(1), A.screenRemoved(2));
    expect(selectVisibleScreens(next).map((s) => [s.id, s.section])).toEqual([
      [3, 1],
      [4, 1],
    ]);
    expect(selectSavePlan(next).order).toEqual([
      { screen_id: 3, section: 1 },
      { screen_id: 4, section: 1 },
    ]);
  });

  it('starts a section at a screen (later screens move up) and removes a section boundary', () => {
    const split = run(loaded, A.sectionAdded(2));
    expect(split.screens.map((s) => s.section)).toEqual([1, 2, 3, 3]);
    expect(split.states.filter((s) => s.isSectionChanged).map((s) => s.id)).toEqual([2, 3, 4]);
    const merged = run(loaded, A.sectionRemoved(2));
    expect(merged.screens.map((s) => s.section)).toEqual([1, 1, 1, 1]);
    expect(selectIsDirty(merged)).toBe(true);
    // section 1 has nothing before it
    expect(run(loaded, A.sectionRemoved(1)).screens.map((s) => s.section)).toEqual([1, 1, 2, 2]);
  });

  it('loading a version resets changed and added and takes the version screens', () => {
    const edited = run(
      loaded,
      A.bodyEdited({ id: 1, body: { content: [], questions: [], media: [], sensors: [] } }),
      A.screensAdded({ screens: [screen(9, 1, 3)], afterId: 2 }),
    );
    const next = run(edited, A.versionLoaded(content([screen(1, 1, 1), screen(2, 1, 2)])));
    expect(next.screens.map((s) => s.id)).toEqual([1, 2]);
    expect(selectIsDirty(next)).toBe(false);
  });

  describe('linked and cloned screens', () => {
    const origin = { screen_id: 50, version_id: 500, activity_id: 5, activity_title: 'Source' };
    const linkedScreen = (id: number): Screen => ({ ...screen(id, 2, 3), origin, linked: true, version_id: 500 });
    const heading = { content: [{ id: 'r', columns: [] }], questions: [], media: [], sensors: [] };

    it('adds linked screens marked added but not changed, so Save writes their place and never their body', () => {
      const next = run(loaded, A.screensAdded({ screens: [linkedScreen(20), screen(21, 2, 4)], afterId: 4 }));
      expect(next.states.find((s) => s.id === 20)).toMatchObject({ isAdded: true, isChanged: false });
      expect(next.states.find((s) => s.id === 21)).toMatchObject({ isAdded: true, isChanged: true });
      const plan = selectSavePlan(next);
      expect(plan.bodies.map((s) => s.id)).toEqual([21]);
      expect(plan.order?.map((o) => o.screen_id)).toEqual([1, 2, 3, 4, 20, 21]);
      const done = run(next, A.screensSaved({ screens: [screen(21, 2, 4)] }), A.orderSaved());
      expect(selectIsDirty(done)).toBe(false);
    });

    it('ignores edits of a linked screen (read-only: the API refuses them)', () => {
      const next = run(loaded, A.screensAdded({ screens: [linkedScreen(20)], afterId: 4 }), A.orderSaved());
      const edited = run(next, A.bodyEdited({ id: 20, body: heading }));
      expect(edited.screens.find((s) => s.id === 20)!.body.content).toEqual([]);
      expect(selectIsDirty(edited)).toBe(false);
      expect(selectSavePlan(edited).bodies).toEqual([]);
    });

    it('after a disconnect takes links and origins from the server and keeps unsaved bodies', () => {
      const start = run(
        loaded,
        A.loaded(content([screen(1, 1, 1), linkedScreen(2)])),
        A.bodyEdited({ id: 1, body: heading }),
      );
      const link = { screen_id: 70, version_id: 10, activity_id: 7, activity_title: 'Other' };
      const server = content([
        { ...screen(1, 1, 1), links: [link] },
        { ...screen(2, 2, 3), content: [{ id: 'srv', columns: [] }], version_id: 600 },
      ]);
      const next = run(start, A.linksRefreshed(server));
      const [one, two] = next.screens;
      expect(one!.links).toEqual([link]);
      expect(one!.body).toEqual(heading);
      expect(next.states.find((s) => s.id === 1)!.isChanged).toBe(true);
      expect(two).toMatchObject({ linked: false, origin: null, versionId: 600 });
      expect(two!.body.content).toEqual([{ id: 'srv', columns: [] }]);
      // no longer linked: editable again
      const edited = run(next, A.bodyEdited({ id: 2, body: heading }));
      expect(selectSavePlan(edited).bodies.map((s) => s.id)).toEqual([1, 2]);
    });

    it('drops screens the server removed, but keeps screens added and not saved yet', () => {
      const start = run(loaded, A.screensAdded({ screens: [screen(9, 2, 3)], afterId: 4 }));
      const next = run(start, A.linksRefreshed(content([screen(1, 1, 1), screen(2, 1, 2), screen(4, 2, 2)])));
      expect(next.screens.map((s) => s.id)).toEqual([1, 2, 4, 9]);
      expect(next.states.map((s) => s.id).sort()).toEqual([1, 2, 4, 9]);
    });
  });
});
