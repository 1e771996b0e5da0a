import type { MediaItem } from '@aula/domain/activity-content';
import { describe, expect, it } from 'vitest';
import { resolveScreenMedia } from './screen-media';

const image = (id: number) => ({ id, type: 'image', title: `Image ${id}` }) as unknown as MediaItem;

describe('resolveScreenMedia', () => {
  it("resolves each screen's media ids to the items sent along, in the screen's order, dropping unknown ids", () => {
    const screens = resolveScreenMedia({
      screens: [
        { screen_id: 10, section: 1, content: [], questions: [], media: [2, 1] },
        { screen_id: 11, section: 2, content: [], questions: [], media: [3] },
      ],
      media: [image(1), image(2)],
    });
    expect(screens.map((s) => [s.screen_id, s.section, s.media.map((m) => m.id)])).toEqual([
      [10, 1, [2, 1]],
      [11, 2, []],
    ]);
  });
});
