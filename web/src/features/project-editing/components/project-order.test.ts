import { describe, expect, it } from 'vitest';
import { moveInList } from './project-order';

const list = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
const ids = (rows: { id: number }[] | undefined) => rows?.map((r) => r.id);

describe('moveInList', () => {
  it('moves to the top, after another, to the end', () => {
    expect(moveInList(list, 3, 0)).toEqual({ reordered: [{ id: 3 }, { id: 1 }, { id: 2 }, { id: 4 }], after: null });
    const down = moveInList(list, 1, 2);
    expect(ids(down?.reordered)).toEqual([2, 3, 1, 4]);
    expect(down?.after).toBe(3);
    const end = moveInList(list, 2, 99);
    expect(ids(end?.reordered)).toEqual([1, 3, 4, 2]);
    expect(end?.after).toBe(4);
    expect(ids(moveInList(list, 4, -5)?.reordered)).toEqual([4, 1, 2, 3]);
  });

  it('answers nothing for a move that changes nothing, or an unknown id', () => {
    expect(moveInList(list, 2, 1)).toBeUndefined();
    expect(moveInList(list, 1, 0)).toBeUndefined();
    expect(moveInList(list, 4, 3)).toBeUndefined();
    expect(moveInList(list, 9, 0)).toBeUndefined();
  });
});
