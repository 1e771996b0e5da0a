import { screenBodySchema } from '@aula/domain/activity-content';
import { describe, expect, it } from 'vitest';
import {
  addColumn,
  addRow,
  emptyBody,
  findItem,
  moveItem,
  newItem,
  newQuestion,
  removeItem,
  resizeItem,
  setOptionCorrect,
  updateItemContent,
} from './grid-edit';

describe('grid edits', () => {
  const q = newQuestion(11, 'radio', [101, 102]);
  const base = addColumn(
    addRow(emptyBody(), 'r1', newItem('a', 'heading')),
    'r1',
    newItem('b', 'question-radio', { questionId: 11 }),
    q,
  );

  it('adds rows and columns, with the question the block shows, and stays a valid screen body', () => {
    expect(base.content).toHaveLength(1);
    expect(base.content[0]!.columns.map((c) => c.id)).toEqual(['a', 'b']);
    expect(base.questions.map((x) => x.id)).toEqual([11]);
    expect(screenBodySchema.safeParse(base).success).toBe(true);
  });

  it('new questions: choice kinds get options with the first correct, text kinds none', () => {
    expect(q.options).toEqual([
      { id: 101, option: '', is_correct: true, slot: null },
      { id: 102, option: '', is_correct: false, slot: null },
    ]);
    expect(newQuestion(12, 'essay', [1, 2]).options).toEqual([]);
  });

  it('resizes a span within 1..24', () => {
    expect(findItem(resizeItem(base, 'a', 30), 'a')!.sizes.large).toBe(24);
    expect(findItem(resizeItem(base, 'a', 0), 'a')!.sizes.large).toBe(1);
    expect(findItem(resizeItem(base, 'a', 12), 'a')!.sizes.large).toBe(12);
  });

  it('moves items within a row and between rows; an emptied row disappears', () => {
    expect(moveItem(base, 'b', 'left').content[0]!.columns.map((c) => c.id)).toEqual(['b', 'a']);
    expect(moveItem(base, 'a', 'left')).toBe(base);
    const two = addRow(base, 'r2', newItem('c', 'text'));
    const up = moveItem(two, 'c', 'up');
    expect(up.content.map((r) => r.columns.map((c) => c.id))).toEqual([['a', 'b', 'c']]);
  });

  it('places items inside blocks and carousels (a tab per slide) and finds them', () => {
    const withBlock = addRow(base, 'r2', newItem('car', 'block-carousel'));
    const slid = addColumn(addColumn(withBlock, 'car', newItem('s1', 'text')), 'car', newItem('s2', 'media-image'));
    const carousel = findItem(slid, 'car')!;
    expect(carousel.content.children!.map((c) => c.id)).toEqual(['s1', 's2']);
    expect(carousel.content.tabs).toEqual(['1', '2']);
    expect(findItem(moveItem(slid, 's2', 'left'), 'car')!.content.children!.map((c) => c.id)).toEqual(['s2', 's1']);
  });

  it('choosing media adds its id to the screen media list; removing the block removes it and its question', () => {
    const img = addRow(base, 'r2', newItem('img', 'media-image'));
    const chosen = updateItemContent(img, 'img', { media_id: 55 });
    expect(chosen.media).toEqual([55]);
    expect(removeItem(chosen, 'img').media).toEqual([]);
    const noQuestion = removeItem(base, 'b');
    expect(noQuestion.questions).toEqual([]);
    expect(noQuestion.content[0]!.columns.map((c) => c.id)).toEqual(['a']);
  });

  it('radio keeps one correct option; checkbox any number', () => {
    const radio = setOptionCorrect(q, 102, true);
    expect(radio.options.map((o) => o.is_correct)).toEqual([false, true]);
    const box = setOptionCorrect({ ...q, type: 'checkbox' }, 102, true);
    expect(box.options.map((o) => o.is_correct)).toEqual([true, true]);
  });
});
