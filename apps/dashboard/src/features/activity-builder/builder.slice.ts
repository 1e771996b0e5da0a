import type { MediaItem, ScreenBody } from '@aula/domain/activity-content';
import {
  addSection,
  cleanState,
  hasUnsavedChanges,
  markAdded,
  markChanged,
  removeScreen,
  removeSection,
  resetAfterVersionLoad,
  type ScreenEditState,
} from '@aula/domain/activity-screens';
import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { BuilderContent, Screen, ScreenLink, ScreenOrigin } from './activity-builder.types';

// The builder's working copy of an activity's screens (001 section 3, activity builder state: screens and
// screensState). The screen edit states come from @aula/domain/activity-screens; they decide what Save sends and
// whether leaving the page must ask first. The page holds this slice with useReducer (one builder at a time).

export interface BuilderScreen {
  id: number;
  versionId: number;
  section: number;
  body: ScreenBody;
  links: ScreenLink[];
  /** follows a screen of another activity: read-only here (the API answers 409 to edits) */
  linked: boolean;
  origin: ScreenOrigin | null;
}

export interface BuilderState {
  screens: BuilderScreen[];
  states: ScreenEditState[];
  selectedId: number | null;
  /** media rows the screens point at, by id (from the builder state and the library) */
  media: Record<number, MediaItem>;
}

export const initialBuilderState: BuilderState = { screens: [], states: [], selectedId: null, media: {} };

export function toBuilderScreen(screen: Screen): BuilderScreen {
  return {
    id: screen.screen_id,
    versionId: screen.version_id,
    section: screen.section,
    body: { content: screen.content, questions: screen.questions, media: screen.media, sensors: screen.sensors },
    links: screen.links,
    linked: screen.linked,
    origin: screen.origin,
  };
}

function ordered(screens: readonly Screen[]): BuilderScreen[] {
  return [...screens].sort((a, b) => a.section - b.section || a.position - b.position).map(toBuilderScreen);
}

function visible(state: BuilderState): BuilderScreen[] {
  const removed = new Set(state.states.filter((s) => s.isRemoved).map((s) => s.id));
  return state.screens.filter((s) => !removed.has(s.id));
}

function keepSelection(state: BuilderState, preferred: number | null): number | null {
  const shown = visible(state);
  if (preferred !== null && shown.some((s) => s.id === preferred)) return preferred;
  return shown[0]?.id ?? null;
}

export const builderSlice = createSlice({
  name: 'activityBuilder',
  initialState: initialBuilderState,
  reducers: {
    /** The server's builder state replaces the working copy (first load, or after Save). */
    loaded(state, action: PayloadAction<BuilderContent>) {
      state.screens = ordered(action.payload.screens);
      state.states = state.screens.map((s) => cleanState(s.id));
      state.media = Object.fromEntries(action.payload.media.map((m) => [m.id, m]));
      state.selectedId = keepSelection(state, state.selectedId);
    },
    /** A version was loaded: changed and added reset (001 section 4), the screens are the version's. */
    versionLoaded(state, action: PayloadAction<BuilderContent>) {
      const screens = ordered(action.payload.screens);
      const ids = new Set(screens.map((s) => s.id));
      const reset = resetAfterVersionLoad(state.states).filter((s) => ids.has(s.id));
      state.screens = screens;
      state.states = screens.map((s) => reset.find((r) => r.id === s.id) ?? cleanState(s.id));
      state.media = { ...state.media, ...Object.fromEntries(action.payload.media.map((m) => [m.id, m])) };
      state.selectedId = keepSelection(state, state.selectedId);
    },
    selected(state, action: PayloadAction<number>) {
      state.selectedId = action.payload;
    },
    /** New, duplicated, cloned or linked screens, placed after `afterId` (else at the end): added and changed. */
    screensAdded(state, action: PayloadAction<{ screens: Screen[]; afterId?: number | null }>) {
      const incoming = action.payload.screens.map(toBuilderScreen);
      const at = state.screens.findIndex((s) => s.id === action.payload.afterId);
      const index = at === -1 ? state.screens.length : at + 1;
      const section = state.screens[at]?.section ?? state.screens.at(-1)?.section ?? 1;
      state.screens.splice(index, 0, ...incoming.map((s) => ({ ...s, section })));
      state.states = markAdded(
        state.states,
        incoming.map((s) => s.id),
      );
      // a linked screen's body is its source's: Save writes only its place (a PUT would be refused with 409)
      const linked = new Set(incoming.filter((s) => s.linked).map((s) => s.id));
      state.states = state.states.map((s) => (linked.has(s.id) ? { ...s, isChanged: false } : s));
      state.selectedId = incoming[0]?.id ?? state.selectedId;
    },
    screenRemoved(state, action: PayloadAction<number>) {
      const shown = visible(state);
      const at = shown.findIndex((s) => s.id === action.payload);
      const next = removeScreen(state.screens, state.states, action.payload);
      state.screens = next.screens;
      state.states = next.states;
      if (state.selectedId === action.payload) {
        state.selectedId = shown[at + 1]?.id ?? shown[at - 1]?.id ?? null;
      }
    },
    /** Starts a new section at the screen (and every later screen moves up by one). */
    sectionAdded(state, action: PayloadAction<number>) {
      const index = state.screens.findIndex((s) => s.id === action.payload);
      const next = addSection(state.screens, state.states, index);
      state.screens = next.screens;
      state.states = next.states;
    },
    sectionRemoved(state, action: PayloadAction<number>) {
      const next = removeSection(state.screens, state.states, action.payload);
      state.screens = next.screens;
      state.states = next.states;
    },
    /** Any edit of a screen's body (grid, text, questions, media) marks it changed. */
    bodyEdited(state, action: PayloadAction<{ id: number; body: ScreenBody }>) {
      const screen = state.screens.find((s) => s.id === action.payload.id);
      if (!screen || screen.linked) return;
      screen.body = action.payload.body;
      state.states = markChanged(state.states, action.payload.id);
    },
    /**
     * After a disconnect: the server's links, origins and versions replace the working copy's, without touching
     * unsaved bodies; a screen that is no longer linked takes the server's body (it was read-only until now), and
     * screens the server removed leave the working copy.
     */
    linksRefreshed(state, action: PayloadAction<BuilderContent>) {
      const fresh = new Map(action.payload.screens.map((s) => [s.screen_id, s]));
      const added = new Set(state.states.filter((s) => s.isAdded).map((s) => s.id));
      const gone = new Set(state.screens.filter((s) => !fresh.has(s.id) && !added.has(s.id)).map((s) => s.id));
      state.screens = state.screens.filter((s) => !gone.has(s.id));
      state.states = state.states.filter((s) => !gone.has(s.id));
      for (const screen of state.screens) {
        const server = fresh.get(screen.id);
        if (!server) continue;
        if (screen.linked) {
          screen.body = toBuilderScreen(server).body;
          screen.versionId = server.version_id;
        }
        screen.links = server.links;
        screen.linked = server.linked;
        screen.origin = server.origin;
      }
      for (const m of action.payload.media) state.media[m.id] = m;
      state.selectedId = keepSelection(state, state.selectedId);
    },
    mediaKnown(state, action: PayloadAction<MediaItem[]>) {
      for (const m of action.payload) state.media[m.id] = m;
    },
    /**
     * Save wrote these screens' bodies. With `sent` (the bodies as they were sent, by screen id), a screen edited
     * again while its PUT was under way stays changed, so the next save writes the newer body.
     */
    screensSaved(state, action: PayloadAction<{ screens: Screen[]; sent?: Record<number, ScreenBody> }>) {
      const { screens, sent } = action.payload;
      for (const saved of screens) {
        const screen = state.screens.find((s) => s.id === saved.screen_id);
        if (screen) screen.versionId = saved.version_id;
        const editedSince = !!screen && !!sent?.[saved.screen_id] && original(screen)?.body !== sent[saved.screen_id];
        if (editedSince) continue;
        state.states = state.states.map((s) => (s.id === saved.screen_id ? { ...s, isChanged: false } : s));
      }
    },
    /** Save deleted these removed screens: they leave the working copy. */
    screensDeleted(state, action: PayloadAction<number[]>) {
      const gone = new Set(action.payload);
      state.screens = state.screens.filter((s) => !gone.has(s.id));
      state.states = state.states.filter((s) => !gone.has(s.id));
    },
    /**
     * Save wrote the order and sections: of the screens it listed (`ids`; all when left out). A screen added while
     * the order was under way stays added, so the next save lists it.
     */
    orderSaved(state, action: PayloadAction<number[] | undefined>) {
      const written = action.payload ? new Set(action.payload) : null;
      state.states = state.states.map((s) =>
        !written || written.has(s.id) || s.isRemoved ? { ...s, isAdded: false, isSectionChanged: false } : s,
      );
    },
  },
});

export const builderActions = builderSlice.actions;
export const builderReducer = builderSlice.reducer;

export function selectVisibleScreens(state: BuilderState): BuilderScreen[] {
  return visible(state);
}
export function selectSelectedScreen(state: BuilderState): BuilderScreen | undefined {
  return state.screens.find((s) => s.id === state.selectedId);
}
export function selectIsDirty(state: BuilderState): boolean {
  return hasUnsavedChanges(state.states);
}

/** What Save must send, in order: deletions, bodies, then the order when anything moved, came or went. */
export function selectSavePlan(state: BuilderState): {
  remove: number[];
  bodies: BuilderScreen[];
  order: { screen_id: number; section: number }[] | null;
} {
  const byId = new Map(state.states.map((s) => [s.id, s]));
  const remove = state.states.filter((s) => s.isRemoved).map((s) => s.id);
  const bodies = state.screens.filter((s) => !s.linked && byId.get(s.id)?.isChanged && !byId.get(s.id)?.isRemoved);
  const orderNeeded = state.states.some((s) => s.isRemoved || s.isAdded || s.isSectionChanged);
  const order = orderNeeded ? visible(state).map((s) => ({ screen_id: s.id, section: s.section })) : null;
  return { remove, bodies, order };
}
