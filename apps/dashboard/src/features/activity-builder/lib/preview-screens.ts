import type { MediaItem } from '@aula/domain/activity-content';
import type { RenderablePreview } from '../activity-builder.types';

/**
 * The renderer's screens from a preview call (live or published): each screen's media ids resolved to the media
 * items sent along, in the screen's order; an id without an item (media the call left out) is dropped.
 */
export function previewScreensOf(preview: RenderablePreview) {
  const media = new Map<number, MediaItem>(preview.media.map((m) => [m.id, m]));
  return preview.screens.map((s) => ({
    screen_id: s.screen_id,
    section: s.section,
    content: s.content,
    questions: s.questions,
    media: s.media.map((id) => media.get(id)).filter((m): m is MediaItem => m !== undefined),
  }));
}
