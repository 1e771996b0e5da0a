import { describe, expect, it } from 'vitest';
import { orderOptions, orderQuestionOptions, shufflesOptions } from './option-order';

const options = Array.from({ length: 8 }, (_, i) => ({ id: i + 1 }));
const ids = (list: { id: number }[]) => list.map((o) => o.id);

describe('orderOptions', () => {
  it('keeps the authored order without random_order', () => {
    expect(ids(orderOptions(options, 0, 5))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('shuffles with random_order, the same way for the same question and seed', () => {
    const a = ids(orderOptions(options, 1, 5, 42));
    expect(a).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...a].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ids(orderOptions(options, 1, 5, 42))).toEqual(a);
    expect(ids(orderOptions(options, 1, 5, 43))).not.toEqual(a);
  });
  it('does not change the list it was given', () => {
    orderOptions(options, 1, 5, 1);
    expect(ids(options)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('orderQuestionOptions', () => {
  const question = (type: 'checkbox' | 'essay', random_order: 0 | 1) => ({
    id: 5,
    type,
    text: null,
    label: null,
    options: options.map((o) => ({ ...o, option: `Option ${o.id}`, is_correct: false })),
    media: [],
    random_order,
  });

  it('shuffles a question with random_order by the attempt, never an essay', () => {
    expect(ids(orderQuestionOptions(question('checkbox', 1), 42))).toEqual(ids(orderOptions(options, 1, 5, 42)));
    expect(ids(orderQuestionOptions(question('checkbox', 0), 42))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ids(orderQuestionOptions(question('essay', 1), 42))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(shufflesOptions({ type: 'essay', random_order: 1 })).toBe(false);
  });
});
