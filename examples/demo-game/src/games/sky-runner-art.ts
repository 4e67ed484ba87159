import { roundRect } from './stage.js';

/** Drawing of Sky Runner in world units (height 360); the caller has scaled the context. */

/** Dusk sky, sun and two parallax layers of floating islands. */
export function drawSky(ctx: CanvasRenderingContext2D, width: number, height: number, travelled: number): void {
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#0f2a5c');
  sky.addColorStop(0.55, '#3a6fd1');
  sky.addColorStop(1, '#ffb36b');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);

  const sun = ctx.createRadialGradient(width * 0.8, height * 0.72, 4, width * 0.8, height * 0.72, 90);
  sun.addColorStop(0, 'rgba(255, 236, 170, 0.95)');
  sun.addColorStop(1, 'rgba(255, 200, 120, 0)');
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, width, height);

  drawIslands(ctx, width, travelled * 0.15, 0.55, 'rgba(40, 70, 120, 0.55)', 260);
  drawIslands(ctx, width, travelled * 0.4, 0.8, 'rgba(30, 60, 60, 0.85)', 340);
}

function drawIslands(
  ctx: CanvasRenderingContext2D,
  width: number,
  offset: number,
  scale: number,
  rock: string,
  gap: number,
) {
  for (let i = -1; i < width / gap + 2; i++) {
    const index = Math.floor(offset / gap) + i;
    const x = index * gap - offset + ((index * 97) % 60);
    const y = 120 + ((index * 53) % 140);
    const w = (70 + ((index * 31) % 50)) * scale;
    ctx.fillStyle = rock;
    ctx.beginPath();
    ctx.moveTo(x - w, y);
    ctx.quadraticCurveTo(x, y + w * 1.3, x + w, y);
    ctx.fill();
    ctx.fillStyle = scale > 0.7 ? '#5fbf6a' : 'rgba(110, 170, 140, 0.6)';
    ctx.beginPath();
    ctx.ellipse(x, y, w, 7 * scale, 0, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A storm-cloud column with a gap; the lightning flickers now and then. */
export function drawPillar(
  ctx: CanvasRenderingContext2D,
  x: number,
  w: number,
  top: number,
  bottom: number,
  height: number,
  time: number,
): void {
  const cloud = ctx.createLinearGradient(x, 0, x + w, 0);
  cloud.addColorStop(0, '#5a5f86');
  cloud.addColorStop(1, '#30334f');
  ctx.fillStyle = cloud;
  roundRect(ctx, x, -20, w, top + 20, 18);
  ctx.fill();
  roundRect(ctx, x, bottom, w, height - bottom + 20, 18);
  ctx.fill();
  ctx.fillStyle = '#6d73a0';
  for (const [cy, dir] of [
    [top, -1],
    [bottom, 1],
  ] as const) {
    for (let i = 0; i < 3; i++) {
      ctx.beginPath();
      ctx.arc(x + w * (0.2 + i * 0.3), cy + dir * 6, w * 0.22, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  if (Math.sin(time * 7 + x) > 0.96) {
    ctx.strokeStyle = '#ffe66b';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(x + w / 2, top);
    ctx.lineTo(x + w / 2 - 8, top + 18);
    ctx.lineTo(x + w / 2 + 4, top + 22);
    ctx.lineTo(x + w / 2 - 6, top + 40);
    ctx.stroke();
  }
}

/** A spinning five-pointed star. */
export function drawStar(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number, angle: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? radius : radius * 0.45;
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    ctx.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  ctx.closePath();
  ctx.fillStyle = '#ffd84a';
  ctx.shadowColor = 'rgba(255, 220, 80, 0.9)';
  ctx.shadowBlur = 10;
  ctx.fill();
  ctx.restore();
}

/** The paper glider, tilted by its vertical speed; a bubble when shielded. */
export function drawGlider(ctx: CanvasRenderingContext2D, x: number, y: number, tilt: number, shielded: boolean): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(tilt);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.35)';
  ctx.fillRect(-34, -2, 18, 4);
  ctx.beginPath();
  ctx.moveTo(18, 0);
  ctx.lineTo(-14, -12);
  ctx.lineTo(-8, 0);
  ctx.lineTo(-14, 12);
  ctx.closePath();
  ctx.fillStyle = '#ffc93c';
  ctx.fill();
  ctx.fillStyle = '#e09a12';
  ctx.beginPath();
  ctx.moveTo(18, 0);
  ctx.lineTo(-8, 0);
  ctx.lineTo(-14, 12);
  ctx.closePath();
  ctx.fill();
  if (shielded) {
    ctx.strokeStyle = 'rgba(140, 220, 255, 0.9)';
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(0, 0, 22, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}
