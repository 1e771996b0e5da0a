import { describe, expect, it } from 'vitest';
import {
  findPlaceholders,
  imageSizeForSpan,
  lexicalFromText,
  lexicalToPlainText,
  screenBodySchema,
  walkContent,
} from './activity-content';

describe('activity content rules (000 sections 5 and 9)', () => {
  it('chooses the image size by column span', () => {
    expect([24, 18, 17, 12, 11, 1].map(imageSizeForSpan)).toEqual([
      'large',
      'large',
      'medium',
      'medium',
      'small',
      'small',
    ]);
  });

  it('finds {media:N} and {question:N} with 1 to 9 digits only', () => {
    expect(findPlaceholders('a {media:1} b {question:123456789} c')).toEqual([
      { kind: 'media', id: 1, start: 2, end: 11 },
      { kind: 'question', id: 123456789, start: 14, end: 34 },
    ]);
    expect(findPlaceholders('{media:1234567890} {media:} {video:3}')).toEqual([]);
  });

  it('round-trips plain text through a Lexical state', () => {
    expect(lexicalToPlainText(lexicalFromText('Line one\nLine two'))).toBe('Line one\nLine two');
  });

  it('validates a screen body and walks nested blocks', () => {
    const body = screenBodySchema.parse({
      content: [
        {
          id: 'r1',
          columns: [
            {
              id: 'c1',
              type: 'block',
              sizes: { large: 24 },
              content: { children: [{ id: 'c2', type: 'text', sizes: { large: 12 }, content: {} }] },
            },
          ],
        },
      ],
      questions: [],
      media: [],
      sensors: [],
    });
    expect([...walkContent(body.content)].map((i) => i.id)).toEqual(['c1', 'c2']);
    expect(
      screenBodySchema.safeParse({
        content: [{ id: 'r', columns: [{ id: 'x', type: 'marquee', sizes: { large: 30 }, content: {} }] }],
        questions: [],
        media: [],
        sensors: [],
      }).success,
    ).toBe(false);
  });
});
