import { roundRect } from './stage.js';

const COLORS = ['#ff5d8f', '#ffd84a', '#5be49b', '#5cc8ff', '#b98cff'];

/** Garden backdrop and the board's tiles. */
export function drawGarden(ctx: CanvasRenderingContext2D, width: number, height: number): void {
  const bg = ctx.createLinearGradient(0, 0, 0, height);
  bg.addColorStop(0, '#1f4d35');
  bg.addColorStop(1, '#0f2a1c');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'rgba(140, 220, 150, 0.08)';
  for (let i = 0; i < 14; i++) {
    ctx.beginPath();
    ctx.ellipse((i * 137) % width, (i * 89) % height, 40, 14, i, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** One tile of the board; the chosen one glows. */
export function drawTile(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  size: number,
  odd: boolean,
  chosen: boolean,
) {
  ctx.fillStyle = chosen ? 'rgba(255, 240, 180, 0.35)' : odd ? 'rgba(255,255,255,0.07)' : 'rgba(255,255,255,0.12)';
  roundRect(ctx, x + 2, y + 2, size - 4, size - 4, size * 0.18);
  ctx.fill();
}

/** A gem of `kind` (0–4): each has its own colour and shape, so colour-blind players can play too. */
export function drawGem(ctx: CanvasRenderingContext2D, kind: number, cx: number, cy: number, r: number, alpha = 1) {
  const color = COLORS[kind % COLORS.length] as string;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(cx, cy);
  ctx.beginPath();
  const polygon = (sides: number, turn: number) => {
    for (let i = 0; i < sides; i++) {
      const a = turn + (i * Math.PI * 2) / sides;
      ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
    }
    ctx.closePath();
  };
  if (kind === 0) ctx.arc(0, 0, r * 0.9, 0, Math.PI * 2);
  else if (kind === 1) polygon(4, 0);
  else if (kind === 2) roundRect(ctx, -r * 0.78, -r * 0.78, r * 1.56, r * 1.56, r * 0.3);
  else if (kind === 3) polygon(3, -Math.PI / 2);
  else polygon(6, Math.PI / 6);
  const shine = ctx.createRadialGradient(-r * 0.3, -r * 0.35, r * 0.1, 0, 0, r);
  shine.addColorStop(0, '#ffffff');
  shine.addColorStop(0.25, color);
  shine.addColorStop(1, color);
  ctx.fillStyle = shine;
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = r * 0.3;
  ctx.shadowOffsetY = r * 0.12;
  ctx.fill();
  ctx.restore();
}
