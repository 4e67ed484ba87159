import { bindKeys } from './keys.js';
import { drawGlider, drawPillar, drawSky, drawStar } from './sky-runner-art.js';
import { createStage, drawBanner, type Stage } from './stage.js';
import type { CreateGame } from './types.js';

/** World height in units; the picture scales to the canvas, the world widens with it. */
const H = 360;
const GLIDER_X = 90;
const PILLAR_W = 54;
const SPACING = 230;
const GRAVITY = 980;
const FLAP = -320;

interface Pillar {
  x: number;
  gapY: number;
  gap: number;
  passed: boolean;
  star: { y: number; taken: boolean };
}

/** Sky Runner: tap to flap through storm clouds and pick up stars. */
export const createSkyRunner: CreateGame = (canvas, hooks) => {
  let phase: 'ready' | 'playing' | 'over' = 'ready';
  let y = H / 2;
  let vy = 0;
  let time = 0;
  let travelled = 0;
  let pillars: Pillar[] = [];
  let score = 0;
  let best = 0;
  let shield = false;
  let invulnerable = 0;

  const spawn = (x: number): Pillar => {
    const gap = 130 - Math.min(30, score);
    const gapY = gap / 2 + 30 + Math.random() * (H - gap - 70);
    return { x, gapY, gap, passed: false, star: { y: gapY + (Math.random() - 0.5) * gap * 0.5, taken: false } };
  };

  const start = () => {
    y = H / 2;
    vy = FLAP;
    score = 0;
    pillars = [spawn(520)];
    phase = 'playing';
    hooks.onRoundStart();
    stage.redraw();
  };
  const end = () => {
    phase = 'over';
    best = Math.max(best, score);
    hooks.onRoundEnd(score);
  };

  const tap = () => {
    if (stage.paused) return;
    if (phase === 'playing') vy = FLAP;
    else start();
  };

  const hits = (p: Pillar) =>
    GLIDER_X + 12 > p.x &&
    GLIDER_X - 12 < p.x + PILLAR_W &&
    (y - 10 < p.gapY - p.gap / 2 || y + 10 > p.gapY + p.gap / 2);

  const update = (dt: number, width: number) => {
    time += dt;
    const speed = Math.min(260, 150 + score * 3);
    travelled += (phase === 'playing' ? speed : 60) * dt;
    if (phase !== 'playing') {
      y = H / 2 + Math.sin(time * 2.5) * 10;
      return;
    }
    vy += GRAVITY * dt;
    y = Math.max(12, y + vy * dt);
    invulnerable = Math.max(0, invulnerable - dt);
    for (const p of pillars) {
      p.x -= speed * dt;
      if (!p.passed && p.x + PILLAR_W < GLIDER_X) {
        p.passed = true;
        score += 1;
      }
      if (!p.star.taken && Math.hypot(p.x + PILLAR_W / 2 - GLIDER_X, p.star.y - y) < 22) {
        p.star.taken = true;
        score += 1;
        hooks.onPickup(1);
      }
      if (invulnerable === 0 && hits(p)) {
        if (shield) {
          shield = false;
          invulnerable = 1.2;
        } else return end();
      }
    }
    if (y > H - 8) return end();
    pillars = pillars.filter((p) => p.x > -PILLAR_W - 10);
    const last = pillars[pillars.length - 1];
    if (!last || last.x < width - SPACING) pillars.push(spawn(Math.max(width, (last?.x ?? 0) + SPACING)));
  };

  const draw = (s: Stage) => {
    const { ctx } = s;
    const scale = s.height / H;
    const width = s.width / scale;
    ctx.save();
    ctx.scale(scale, scale);
    drawSky(ctx, width, H, travelled);
    for (const p of pillars) {
      drawPillar(ctx, p.x, PILLAR_W, p.gapY - p.gap / 2, p.gapY + p.gap / 2, H, time);
      if (!p.star.taken) drawStar(ctx, p.x + PILLAR_W / 2, p.star.y, 11, time * 2);
    }
    const blink = invulnerable > 0 && Math.floor(time * 12) % 2 === 0;
    if (!blink) drawGlider(ctx, GLIDER_X, y, Math.max(-0.5, Math.min(0.9, vy / 600)), shield);
    ctx.fillStyle = '#fff';
    ctx.font = '800 26px system-ui, sans-serif';
    ctx.fillText(String(score), 16, 36);
    ctx.font = '600 13px system-ui, sans-serif';
    ctx.fillText(`${hooks.text('best')}: ${best}`, 16, 56);
    ctx.restore();
    if (s.paused) drawBanner(s, hooks.text('paused'));
    else if (phase === 'ready') drawBanner(s, hooks.text('tapToPlay'));
    else if (phase === 'over') drawBanner(s, `${hooks.text('score')}: ${score}`, hooks.text('tapToRetry'));
  };

  // Only a round moves: the screens waiting for a tap (and a paused round) are drawn once.
  const stage = createStage(canvas, (s, dt) => {
    update(dt, s.width / (s.height / H));
    draw(s);
    return phase === 'playing' && !s.paused;
  });
  canvas.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    tap();
  });
  const keys = bindKeys(tap);

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
      shield = true;
      stage.redraw();
    },
    redraw: () => stage.redraw(),
    get best() {
      return best;
    },
    restoreBest: (saved) => {
      best = Math.max(best, saved);
      stage.redraw();
    },
    get lastScore() {
      return score;
    },
  };
};
