import { describe, expect, it } from 'vitest';
import type { Question } from '@aula/domain/activity-content';
import { item, question, text } from '../../test/fixtures';
import { placedMediaOf } from './tuva-signals';

describe('placedMediaOf', () => {
  it('finds the media a screen shows: media items (nested too), {media:N} in texts and question texts', () => {
    const content = [
      {
        id: 'r1',
        columns: [
          item('media-tuva', 12, { media_id: 1 }),
          item('block', 12, { children: [item('text', 24, { text: text('See {media:2} and {media:1234567890}') })] }),
        ],
      },
    ];
    const questions = [question(9, 'tldraw', { text: text('Draw on {media:3}') as Question['text'], media: [4] })];
    expect([...placedMediaOf(content, questions)].sort()).toEqual([1, 2, 3]);
  });
});
