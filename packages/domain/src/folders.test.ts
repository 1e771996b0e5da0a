import { describe, expect, it } from 'vitest';
import { buildFolderTree, setFolderSchema, wouldCreateCycle } from './folders.ts';

describe('buildFolderTree', () => {
  it('nests children under parents and keeps orphans (parent filtered out) as roots', () => {
    const tree = buildFolderTree([
      { id: 1, folder_id: null, title: 'root' },
      { id: 2, folder_id: 1, title: 'child' },
      { id: 3, folder_id: 2, title: 'grandchild' },
      { id: 4, folder_id: 99, title: 'orphan' },
    ]);
    expect(tree.map((n) => n.id)).toEqual([1, 4]);
    expect(tree[0]!.children.map((n) => n.id)).toEqual([2]);
    expect((tree[0]!.children[0] as { children: { id: number }[] }).children.map((n) => n.id)).toEqual([3]);
  });
});

describe('wouldCreateCycle', () => {
  const parents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
  ]);
  it('refuses a move into itself or a descendant', () => {
    expect(wouldCreateCycle(1, 1, parents)).toBe(true);
    expect(wouldCreateCycle(1, 3, parents)).toBe(true);
    expect(wouldCreateCycle(2, 3, parents)).toBe(true);
  });
  it('allows a move elsewhere or to the root', () => {
    expect(wouldCreateCycle(3, 4, parents)).toBe(false);
    expect(wouldCreateCycle(3, null, parents)).toBe(false);
    expect(wouldCreateCycle(2, 4, parents)).toBe(false);
  });
});

describe('setFolderSchema', () => {
  it('needs a source folder or one activity, so a call never sweeps the whole domain', () => {
    expect(setFolderSchema.safeParse({ target_folder_id: 1, filter: {} }).success).toBe(false);
    expect(setFolderSchema.safeParse({ target_folder_id: 1, filter: { activity_id: 2 } }).data).toEqual({
      target_folder_id: 1,
      filter: { activity_id: 2, archived: false },
    });
    expect(setFolderSchema.safeParse({ target_folder_id: 1, current_folder_id: 3, filter: {} }).success).toBe(true);
  });
});
