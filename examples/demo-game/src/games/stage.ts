/** A canvas that tracks its CSS size and device pixel ratio, and runs a frame loop that can pause. */
export interface Stage {
  readonly ctx: CanvasRenderingContext2D;
  /** Size in CSS pixels. */
  readonly width: number;
  readonly height: number;
  /** Setting it draws the next frame (the paused banner, or play again). */
  paused: boolean;
  /** Draws the next frame, and goes on while `frame` says something moves (a tap, a new text). */
  redraw(): void;
}

/**
 * Draws `frame(dt)` every animation frame while it returns true (something moves); once it returns
 * false the picture stands still and nothing is drawn until `redraw()`, a resize or a pause. A
 * screen waiting for a tap then costs the page (and a phone's battery) nothing: no 60 frames a
 * second of the same picture. `dt` is in seconds and 0 while paused.
 */
export function createStage(canvas: HTMLCanvasElement, frame: (stage: Stage, dt: number) => boolean): Stage {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  let paused = false;
  let sized = false;
  let running = false;
  let last = 0;
  const loop = (now: number) => {
    // A long gap (tab in background, a still picture) must not teleport the player.
    const dt = paused ? 0 : Math.min((now - last) / 1000, 1 / 20);
    last = now;
    running = sized && frame(stage, dt);
    if (running) requestAnimationFrame(loop);
  };
  const redraw = () => {
    if (running) return;
    running = true;
    last = performance.now();
    requestAnimationFrame(loop);
  };
  const stage: Stage = {
    ctx,
    width: 1,
    height: 1,
    get paused() {
      return paused;
    },
    set paused(value) {
      paused = value;
      redraw();
    },
    redraw,
  };

  // Sized by the observer alone, once the browser lays the page out anyway: measuring here, while
  // the game builds its page, would force that first layout into the game's start-up task.
  new ResizeObserver(([entry]) => {
    if (!entry) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2.5);
    const { width, height } = entry.contentRect;
    Object.assign(stage, { width: Math.max(1, width), height: Math.max(1, height) });
    canvas.width = Math.round(stage.width * ratio);
    canvas.height = Math.round(stage.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    sized = true;
    redraw();
  }).observe(canvas);
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
