import { drawGarden, drawGem, drawTile } from './gem-art.js';
import { type Board, collapse, createBoard, findMatches, hasMove, trySwap } from './gem-board.js';
import { bindKeys } from './keys.js';
import { createStage, drawBanner, type Stage } from './stage.js';
import type { CreateGame } from './types.js';

const COLS = 7;
const ROWS = 8;
const KINDS = 5;
const MOVES = 20;
const HUD = 56;
const FALL_SPEED = 14; // rows per second
const FADE_TIME = 0.18;

/** Gem Garden: swap neighbouring gems (tap-tap or swipe) to make lines of three. */
export const createGemGarden: CreateGame = (canvas, hooks) => {
  let phase: 'ready' | 'playing' | 'over' = 'ready';
  let board: Board = createBoard(COLS, ROWS, KINDS);
  let offsets: number[] = new Array(COLS * ROWS).fill(0);
  let fading = new Set<number>();
  let fade = 0;
  let chosen: number | undefined;
  let score = 0;
  let best = 0;
  let moves = MOVES;
  let combo = 0;
  let extraMoves = 0;
  let layout = { size: 1, left: 0, top: HUD };

  const busy = () => fading.size > 0 || offsets.some((o) => o !== 0);

  const start = () => {
    board = createBoard(COLS, ROWS, KINDS);
    offsets = offsets.map(() => -ROWS);
    score = 0;
    moves = MOVES + extraMoves;
    extraMoves = 0;
    phase = 'playing';
    hooks.onRoundStart();
    stage.redraw();
  };

  const settle = (dt: number) => {
    if (fading.size > 0) {
      fade += dt;
      if (fade < FADE_TIME) return;
      const drops = collapse(board, fading);
      offsets = drops.map((d) => -d);
      fading = new Set();
      return;
    }
    if (offsets.some((o) => o !== 0)) {
      offsets = offsets.map((o) => Math.min(0, o + FALL_SPEED * dt));
      return;
    }
    const matches = findMatches(board);
    if (matches.size > 0) {
      combo++;
      score += matches.size * 10 * combo;
      if (combo > 1) hooks.onPickup(1); // a cascade drops a gem into the player's purse
      fading = matches;
      fade = 0;
      return;
    }
    combo = 0;
    if (phase === 'playing' && moves === 0) {
      phase = 'over';
      best = Math.max(best, score);
      hooks.onRoundEnd(score);
    } else if (!hasMove(board)) {
      board = createBoard(COLS, ROWS, KINDS);
      offsets = offsets.map(() => -ROWS);
    }
  };

  const cellAt = (event: PointerEvent): number | undefined => {
    const rect = canvas.getBoundingClientRect();
    const col = Math.floor((event.clientX - rect.left - layout.left) / layout.size);
    const row = Math.floor((event.clientY - rect.top - layout.top) / layout.size);
    return col >= 0 && col < COLS && row >= 0 && row < ROWS ? row * COLS + col : undefined;
  };

  const attempt = (a: number, b: number) => {
    chosen = undefined;
    if (trySwap(board, a, b)) moves--;
  };

  let pressed: { cell: number; x: number; y: number } | undefined;
  canvas.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    if (stage.paused) return;
    if (phase !== 'playing') return start();
    const cell = cellAt(event);
    if (cell === undefined || busy()) return;
    pressed = { cell, x: event.clientX, y: event.clientY };
    if (chosen !== undefined && chosen !== cell) attempt(chosen, cell);
    else chosen = cell;
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!pressed || busy()) return;
    const dx = event.clientX - pressed.x;
    const dy = event.clientY - pressed.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < layout.size * 0.4) return;
    const step = Math.abs(dx) > Math.abs(dy) ? Math.sign(dx) : Math.sign(dy) * COLS;
    const from = pressed.cell;
    pressed = undefined;
    attempt(from, from + step);
  });
  canvas.addEventListener('pointerup', () => {
    pressed = undefined;
  });
  const keys = bindKeys(() => phase !== 'playing' && start());

  const draw = (s: Stage) => {
    const { ctx, width, height } = s;
    const size = Math.min(width / COLS, (height - HUD - 8) / ROWS);
    layout = { size, left: (width - size * COLS) / 2, top: HUD };
    drawGarden(ctx, width, height);
    ctx.save();
    ctx.beginPath();
    ctx.rect(layout.left, layout.top, size * COLS, size * ROWS);
    ctx.clip();
    board.cells.forEach((kind, i) => {
      const x = layout.left + (i % COLS) * size;
      const y = layout.top + Math.floor(i / COLS) * size;
      drawTile(ctx, x, y, size, (i + Math.floor(i / COLS)) % 2 === 1, i === chosen);
      const alpha = fading.has(i) ? Math.max(0, 1 - fade / FADE_TIME) : 1;
      if (kind >= 0) drawGem(ctx, kind, x + size / 2, y + size / 2 + (offsets[i] ?? 0) * size, size * 0.36, alpha);
    });
    ctx.restore();
    ctx.fillStyle = '#fff';
    ctx.font = '800 22px system-ui, sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText(`${hooks.text('score')}: ${score}`, 14, 34);
    ctx.textAlign = 'right';
    ctx.fillText(`${hooks.text('moves')}: ${moves}`, width - 14, 34);
    ctx.textAlign = 'left';
    if (s.paused) drawBanner(s, hooks.text('paused'));
    else if (phase === 'ready') drawBanner(s, hooks.text('tapToPlay'));
    else if (phase === 'over') drawBanner(s, `${hooks.text('score')}: ${score}`, hooks.text('tapToRetry'));
  };

  // Only a round (and gems still falling) moves: the screens waiting for a tap are drawn once.
  const stage = createStage(canvas, (s, dt) => {
    settle(dt);
    draw(s);
    return (phase === 'playing' || busy()) && !s.paused;
  });

  return {
    pause: () => {
      stage.paused = true;
    },
    resume: () => {
      stage.paused = false;
    },
    setKeyboard: (enabled) => {
      keys.enabled = enabled;
    },
    bonus: () => {
      // During a round: five more moves now; otherwise the next round starts with them.
      if (phase === 'playing') moves += 5;
      else extraMoves += 5;
    },
    redraw: () => stage.redraw(),
    get best() {
      return best;
    },
    restoreBest: (saved) => {
      best = Math.max(best, saved);
    },
    get lastScore() {
      return score;
    },
  };
};
