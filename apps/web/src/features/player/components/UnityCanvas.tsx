import { useEffect, useRef } from 'react';
import { createLogger } from '../../../shared/lib/logger';
import { type UnityBuildJson, type UnityCompression, unityBuildJsonUrl, unityLaunchPlan } from '../lib/unity-build';

const logger = createLogger('unity');

type CreateUnityInstance = (
  canvas: HTMLCanvasElement,
  config: object,
  onProgress: (progress: number) => void,
) => Promise<{ Quit(): Promise<void> }>;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.body.append(script);
  });
}

/**
 * A Unity WebGL build on a canvas: reads the build JSON, loads Unity's loader
 * script, and starts the instance; `onReady` fires when it runs, `onError` if not.
 */
export function UnityCanvas({
  build,
  onReady,
  onError,
}: {
  build: { BaseUrl: string; BaseBuildUrl: string; UnityBuildJson: string; Compression: UnityCompression };
  onReady: () => void;
  onError: (error: Error) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const callbacks = useRef({ onReady, onError });
  callbacks.current = { onReady, onError };

  // The build's fields, not the object: a refetch of the same launch data must not restart the game.
  const { BaseUrl, BaseBuildUrl, UnityBuildJson, Compression } = build;
  useEffect(() => {
    const build = { BaseUrl, BaseBuildUrl, UnityBuildJson, Compression };
    let quit: (() => Promise<void>) | undefined;
    let cancelled = false;
    (async () => {
      const response = await fetch(unityBuildJsonUrl(build));
      if (!response.ok) throw new Error(`The build description answered ${response.status}`);
      const plan = unityLaunchPlan(build, (await response.json()) as UnityBuildJson);
      await loadScript(plan.loaderUrl);
      const create = (window as unknown as { createUnityInstance?: CreateUnityInstance }).createUnityInstance;
      if (!create || !canvas.current || cancelled) throw new Error('The Unity loader did not start');
      const instance = await create(canvas.current, plan.config, (progress) => logger.debug('progress', progress));
      quit = () => instance.Quit();
      if (!cancelled) callbacks.current.onReady();
    })().catch((error: Error) => {
      logger.error('the Unity build failed to start', error);
      if (!cancelled) callbacks.current.onError(error);
    });
    return () => {
      cancelled = true;
      void quit?.();
    };
  }, [BaseUrl, BaseBuildUrl, UnityBuildJson, Compression]);

  return <canvas ref={canvas} id="unity-canvas" className="h-full w-full" tabIndex={-1} />;
}
