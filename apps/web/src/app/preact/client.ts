// The build's react-dom/client (see preactCompat in vite.config.ts): Preact's, with re-renders
// after a state change run in a task of their own instead of a microtask of the task that
// changed the state.
import { options } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

const channel = new MessageChannel();
const queued: (() => void)[] = [];
channel.port1.onmessage = () => queued.shift()?.();
options.debounceRendering = (render) => {
  queued.push(render);
  channel.port2.postMessage(null);
};
