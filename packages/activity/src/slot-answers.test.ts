import { describe, expect, it } from 'vitest';
import type { LexicalState } from '@aula/domain/activity-content';
import { findSlots } from '@aula/domain/activity-content';
import { clearSlot, fillFirstEmptySlot, fillSlot, poolOptions, returnToPool } from './slot-answers';

const options = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('drag and drop slot rules (000 section 4)', () => {
  it('fills a slot and hides the option from the pool', () => {
    const fill = fillSlot({}, 'a', 2);
    expect(fill).toEqual({ a: 2 });
    expect(poolOptions(options, fill).map((o) => o.id)).toEqual([1, 3]);
  });

  it('returns a displaced option to the pool', () => {
    const fill = fillSlot({ a: 2 }, 'a', 3);
    expect(fill).toEqual({ a: 3 });
    expect(poolOptions(options, fill).map((o) => o.id)).toEqual([1, 2]);
  });

  it('moves an option from one slot to another', () => {
    expect(fillSlot({ a: 2, b: 1 }, 'b', 2)).toEqual({ b: 2 });
  });

  it('clears a slot with the remove button and on a drop on the pool', () => {
    expect(clearSlot({ a: 2, b: 1 }, 'a')).toEqual({ b: 1 });
    expect(returnToPool({ a: 2, b: 1 }, 1)).toEqual({ a: 2 });
  });

  it('fills the first unfilled slot in text order on a click', () => {
    expect(fillFirstEmptySlot({}, ['a', 'b'], 3)).toEqual({ a: 3 });
    expect(fillFirstEmptySlot({ a: 1 }, ['a', 'b'], 3)).toEqual({ a: 1, b: 3 });
    expect(fillFirstEmptySlot({ a: 1, b: 2 }, ['a', 'b'], 3)).toEqual({ a: 1, b: 2 });
  });

  it('finds slots in text order, nested ones included', () => {
    const text: LexicalState = {
      root: {
        type: 'root',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'x' },
              { type: 'question-dnd', slot: 'b' },
            ],
          },
          { type: 'list', children: [{ type: 'listitem', children: [{ type: 'question-dnd-absolute', slot: 'a' }] }] },
          { type: 'question-dnd' },
        ],
      },
    };
    expect(findSlots(text)).toEqual(['b', 'a']);
  });
});
