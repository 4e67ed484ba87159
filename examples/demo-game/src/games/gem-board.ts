/** Match-three rules of Gem Garden, free of drawing so they can be tested. */

/** Cells hold a gem kind (0…kinds-1) or -1 when empty, row by row. */
export interface Board {
  cols: number;
  rows: number;
  kinds: number;
  cells: number[];
}

export type Rng = () => number;

const pick = (kinds: number, rng: Rng) => Math.floor(rng() * kinds);

/** A full board with no ready-made line of three. */
export function createBoard(cols: number, rows: number, kinds: number, rng: Rng = Math.random): Board {
  const cells: number[] = [];
  for (let i = 0; i < cols * rows; i++) {
    const col = i % cols;
    let kind: number;
    do kind = pick(kinds, rng);
    while (
      (col >= 2 && cells[i - 1] === kind && cells[i - 2] === kind) ||
      (i >= 2 * cols && cells[i - cols] === kind && cells[i - 2 * cols] === kind)
    );
    cells.push(kind);
  }
  return { cols, rows, kinds, cells };
}

/** Indices of every gem in a horizontal or vertical run of three or more. */
export function findMatches(board: Board): Set<number> {
  const { cols, rows, cells } = board;
  const found = new Set<number>();
  const scan = (start: number, step: number, length: number) => {
    let run = 1;
    for (let k = 1; k <= length; k++) {
      const same =
        k < length && cells[start + k * step] !== -1 && cells[start + k * step] === cells[start + (k - 1) * step];
      if (same) run++;
      else {
        if (run >= 3) for (let j = k - run; j < k; j++) found.add(start + j * step);
        run = 1;
      }
    }
  };
  for (let r = 0; r < rows; r++) scan(r * cols, 1, cols);
  for (let c = 0; c < cols; c++) scan(c, cols, rows);
  return found;
}

/** True when two cells share an edge. */
export function adjacent(board: Board, a: number, b: number): boolean {
  const sameRow = Math.floor(a / board.cols) === Math.floor(b / board.cols);
  return (Math.abs(a - b) === 1 && sameRow) || Math.abs(a - b) === board.cols;
}

function swap(board: Board, a: number, b: number): void {
  const { cells } = board;
  [cells[a], cells[b]] = [cells[b] as number, cells[a] as number];
}

/** Swaps two neighbours if that makes a line; otherwise leaves the board as it was. */
export function trySwap(board: Board, a: number, b: number): boolean {
  if (!adjacent(board, a, b)) return false;
  swap(board, a, b);
  if (findMatches(board).size > 0) return true;
  swap(board, a, b);
  return false;
}

/** Empties the given cells, lets gems fall and fills the top; returns how many rows each cell's gem fell. */
export function collapse(board: Board, cleared: Iterable<number>, rng: Rng = Math.random): number[] {
  const { cols, rows, cells } = board;
  for (const i of cleared) cells[i] = -1;
  const drops = new Array<number>(cells.length).fill(0);
  for (let c = 0; c < cols; c++) {
    let write = rows - 1;
    for (let r = rows - 1; r >= 0; r--) {
      const kind = cells[r * cols + c] as number;
      if (kind === -1) continue;
      cells[r * cols + c] = -1;
      cells[write * cols + c] = kind;
      drops[write * cols + c] = write - r;
      write--;
    }
    const fresh = write + 1;
    for (let r = write; r >= 0; r--) {
      cells[r * cols + c] = pick(board.kinds, rng);
      drops[r * cols + c] = fresh;
    }
  }
  return drops;
}

/** True when some swap of neighbours makes a line. */
export function hasMove(board: Board): boolean {
  for (let i = 0; i < board.cells.length; i++) {
    for (const j of [i + 1, i + board.cols]) {
      if (j < board.cells.length && adjacent(board, i, j) && trySwap(board, i, j)) {
        swap(board, i, j);
        return true;
      }
    }
  }
  return false;
}
