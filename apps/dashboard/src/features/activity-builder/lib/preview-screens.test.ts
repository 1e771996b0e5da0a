import type { MediaItem } from '@aula/domain/activity-content';
import { describe, expect, it } from 'vitest';
import { previewScreensOf } from './preview-screens';

const image = (id: number) => ({ id, type: 'image', title: `Image ${id}` }) as unknown as MediaItem;

describe('previewScreensOf', () => {
  it("resolves each screen's media ids to the items sent along, in the screen's order, dropping unknown ids", () => {
    const screens = previewScreensOf({
      screens: [
        { screen_id: 10, version_id: 100, section: 1, content: [], questions: [], media: [2, 1] },
        { screen_id: 11, version_id: 101, section: 2, content: [], questions: [], media: [3] },
      ],
      media: [image(1), image(2)],
    });
    expect(screens.map((s) => [s.screen_id, s.section, s.media.map((m) => m.id)])).toEqual([
      [10, 1, [2, 1]],
      [11, 2, []],
    ]);
  });
});
