/** A canvas that tracks its CSS size and device pixel ratio, and runs a frame loop that can pause. */
export interface Stage {
  readonly ctx: CanvasRenderingContext2D;
  /** Size in CSS pixels. */
  readonly width: number;
  readonly height: number;
  paused: boolean;
}

/** Starts drawing `frame(dt)` every animation frame; `dt` is in seconds and 0 while paused. */
export function createStage(canvas: HTMLCanvasElement, frame: (stage: Stage, dt: number) => void): Stage {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  const stage: Stage = { ctx, width: 1, height: 1, paused: false };

  const resize = () => {
    const rect = canvas.getBoundingClientRect();
    const ratio = Math.min(window.devicePixelRatio || 1, 2.5);
    Object.assign(stage, { width: Math.max(1, rect.width), height: Math.max(1, rect.height) });
    canvas.width = Math.round(stage.width * ratio);
    canvas.height = Math.round(stage.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  };
  new ResizeObserver(resize).observe(canvas);
  resize();

  let last = performance.now();
  const loop = (now: number) => {
    // A long gap (tab in background) must not teleport the player.
    const dt = stage.paused ? 0 : Math.min((now - last) / 1000, 1 / 20);
    last = now;
    frame(stage, dt);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  return stage;
}

/** Big centred text with a soft shadow, for overlays. */
export function drawBanner(stage: Stage, title: string, subtitle?: string): void {
  const { ctx, width, height } = stage;
  ctx.save();
  ctx.fillStyle = 'rgba(5, 10, 25, 0.45)';
  ctx.fillRect(0, 0, width, height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = 'rgba(0,0,0,0.5)';
  ctx.shadowBlur = 12;
  ctx.fillStyle = '#fff';
  const size = Math.max(20, Math.min(width, height) / 9);
  ctx.font = `800 ${size}px system-ui, sans-serif`;
  ctx.fillText(title, width / 2, height / 2 - (subtitle ? size * 0.45 : 0));
  if (subtitle) {
    ctx.font = `600 ${size * 0.45}px system-ui, sans-serif`;
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillText(subtitle, width / 2, height / 2 + size * 0.55);
  }
  ctx.restore();
}

/** A rounded-rectangle path. */
export function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  // roundRect is missing from some older platform webviews; a plain rectangle is fine there.
  if ('roundRect' in ctx) ctx.roundRect(x, y, w, h, Math.min(r, w / 2, h / 2));
  else (ctx as CanvasRenderingContext2D).rect(x, y, w, h);
}
