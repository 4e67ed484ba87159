import { describe, expect, it } from 'vitest';
import { adjacent, type Board, collapse, createBoard, findMatches, hasMove, trySwap } from './gem-board.js';

/** A seeded generator, so boards are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const board = (rows: string[]): Board => ({
  cols: (rows[0] as string).length,
  rows: rows.length,
  kinds: 4,
  cells: rows.join('').split('').map(Number),
});

describe('gem board', () => {
  it('starts without ready-made lines', () => {
    for (let seed = 1; seed < 20; seed++) expect(findMatches(createBoard(7, 8, 5, seeded(seed))).size).toBe(0);
  });

  it('finds horizontal and vertical runs of three or more', () => {
    const b = board(['1112', '2302', '3102', '0121']);
    expect([...findMatches(b)].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 7, 11]);
  });

  it('swaps only neighbours, and only when that makes a line', () => {
    const b = board(['1211', '2302', '3012']);
    expect(adjacent(b, 3, 4)).toBe(false);
    expect(trySwap(b, 0, 5)).toBe(false);
    expect(trySwap(b, 4, 5)).toBe(false);
    expect(b.cells.join('')).toBe('121123023012');
    expect(trySwap(b, 0, 1)).toBe(true);
    expect(b.cells.slice(0, 4).join('')).toBe('2111');
  });

  it('drops gems into emptied cells and fills the top', () => {
    const b = board(['12', '30', '11']);
    const drops = collapse(b, [4, 5], () => 0.9);
    expect(b.cells).toEqual([3, 3, 1, 2, 3, 0]);
    expect(drops).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('knows whether a move is left', () => {
    expect(hasMove(board(['1211', '2302', '3012']))).toBe(true);
    expect(hasMove(board(['0123', '1230', '2301']))).toBe(false);
  });
});
