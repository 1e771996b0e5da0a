import type { ContentRow, MediaItem, Question } from '@aula/domain/activity-content';

/** A screen as a preview or attempt call sends it: media by id, the items listed once for the whole activity. */
export interface ScreenWithMediaIds {
  screen_id: number;
  section: number;
  content: ContentRow[];
  questions: Question[];
  media: readonly number[];
}

/** A screen as the renderer takes it (ScreenData plus its id and section). */
export interface ResolvedScreen {
  screen_id: number;
  section: number;
  content: ContentRow[];
  questions: Question[];
  media: MediaItem[];
}

/**
 * Each screen's media ids resolved to the media items sent along, in the screen's order; an id without an item
 * (media the call left out) is dropped. Shared by the builder's previews, the student's player and the review.
 */
export function resolveScreenMedia(data: {
  screens: readonly ScreenWithMediaIds[];
  media: readonly MediaItem[];
}): ResolvedScreen[] {
  const media = new Map<number, MediaItem>(data.media.map((m) => [m.id, m]));
  return data.screens.map((s) => ({
    screen_id: s.screen_id,
    section: s.section,
    content: s.content,
    questions: s.questions,
    media: s.media.map((id) => media.get(id)).filter((m): m is MediaItem => m !== undefined),
  }));
}
