import { describe, expect, it } from 'vitest';
import {
  bodyReferences,
  countIds,
  findBodyReferenceProblems,
  findPublishProblems,
  freshIdMaps,
  remapScreenBody,
} from './activity-body';
import { lexicalFromText, lexicalToPlainText, type ScreenBody } from './activity-content';

function body(): ScreenBody {
  return {
    content: [
      {
        id: 'r1',
        columns: [
          {
            id: 'text',
            type: 'text',
            sizes: { large: 12 },
            content: {
              text: lexicalFromText('See {media:5} and {question:10}'),
              questions_layout: [{ id: 10, position: 'absolute', coordinates: [1, 2] }],
            },
          },
          {
            id: 'block',
            type: 'block',
            sizes: { large: 12 },
            content: {
              children: [{ id: 'q', type: 'question-radio', sizes: { large: 24 }, content: { question_id: 10 } }],
            },
          },
        ],
      },
    ],
    questions: [
      {
        id: 10,
        type: 'radio',
        text: lexicalFromText('Pick {media:6}') as ScreenBody['questions'][number]['text'],
        label: null,
        options: [
          { id: 100, option: 'a', is_correct: true },
          { id: 101, option: 'b', is_correct: false },
        ],
        media: [6],
        random_order: 0,
      },
    ],
    media: [5, 6],
    sensors: [],
  };
}

describe('screen body rules', () => {
  it('collects references from items, nested blocks, layouts, placeholders and questions', () => {
    const refs = bodyReferences(body());
    expect([...refs.questions]).toEqual([10]);
    expect([...refs.media].sort()).toEqual([5, 6]);
    expect(findBodyReferenceProblems(body())).toEqual([]);
  });

  it('names missing questions, media not on the screen, duplicates and kind mismatches', () => {
    const b = body();
    b.media = [6];
    b.questions.push({
      ...b.questions[0]!,
      id: 10,
      type: 'checkbox',
      options: [{ id: 100, option: 'c', is_correct: true }],
    });
    b.content[0]!.columns.push({ id: 'x', type: 'question-essay', sizes: { large: 6 }, content: { question_id: 77 } });
    const keys = findBodyReferenceProblems(b).map((p) => `${p.key.split('.').pop()}:${p.params.id}`);
    expect(keys).toEqual([
      'questionDuplicate:10',
      'optionDuplicate:100',
      'questionMissing:77',
      'mediaNotOnScreen:5',
      'questionKindMismatch:10',
    ]);
  });

  it('finds publish problems: no correct option, missing media, empty blocks', () => {
    const b = body();
    for (const o of b.questions[0]!.options) o.is_correct = false;
    b.content[0]!.columns.push({ id: 'img', type: 'media-image', sizes: { large: 6 }, content: {} });
    const problems = findPublishProblems(b, new Set([5]), 3);
    expect(problems.map((p) => p.key.split('.').pop())).toEqual([
      'questionNoCorrectOption',
      'mediaMissing',
      'mediaItemEmpty',
    ]);
    expect(problems.every((p) => p.params.screen === 3)).toBe(true);
    expect(findPublishProblems(body(), new Set([5, 6]), 1)).toEqual([]);
  });

  it('gives a copy fresh question, option and media ids everywhere they appear', () => {
    const b = body();
    expect(countIds([b, b])).toEqual({ questions: 2, options: 4 });
    const [maps] = freshIdMaps(
      [b],
      { questions: [20], options: [200, 201] },
      new Map([
        [5, 50],
        [6, 60],
      ]),
    );
    const copy = remapScreenBody(b, maps!);
    expect(lexicalToPlainText(copy.content[0]!.columns[0]!.content.text)).toBe('See {media:50} and {question:20}');
    expect(copy.content[0]!.columns[0]!.content.questions_layout![0]!.id).toBe(20);
    expect(copy.content[0]!.columns[1]!.content.children![0]!.content.question_id).toBe(20);
    expect(copy.questions[0]).toMatchObject({ id: 20, media: [60], options: [{ id: 200 }, { id: 201 }] });
    expect(lexicalToPlainText(copy.questions[0]!.text)).toBe('Pick {media:60}');
    expect(copy.media).toEqual([50, 60]);
    expect(findBodyReferenceProblems(copy)).toEqual([]);
    // the original is untouched
    expect(b.questions[0]!.id).toBe(10);
  });
});
