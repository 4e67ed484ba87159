// A stand-in for a desktop or native wrapper's bridge (development only): the portal loads it from the
// page config's bridge URL when no wrapper injected the bridge. The server serves this file followed by
// one call, defineBridgeStandIn({ global, channel, methods, events }) (host-script.ts bridgeStandIn),
// naming the window global to define (fxidSteam, fxidLauncher, fxidNative), the postMessage channel to
// the simulated wrapper in the parent page, the methods (each a request the parent answers; arguments
// as sent) and the subscriptions (onX(listener), fed by the parent's events of the given name).

// biome-ignore lint/correctness/noUnusedVariables: called by the line the server appends
function defineBridgeStandIn({ global, channel, methods, events }) {
  if (window[global]) return;
  const pending = new Map();
  const listeners = new Map(Object.values(events).map((name) => [name, new Set()]));
  let nextId = 1;

  function ask(method, params) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      window.parent.postMessage({ type: channel, id, method, params }, location.origin);
    });
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const message = event.data;
    if (message?.type === `${channel}-event`) {
      for (const listener of listeners.get(message.name) ?? []) listener(message.response);
      return;
    }
    if (message?.type !== `${channel}-answer` || !pending.has(message.id)) return;
    const { resolve, reject } = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) reject(new Error(message.error.message));
    else resolve(message.result);
  });

  const bridge = {};
  for (const method of methods) bridge[method] = (...params) => ask(method, params);
  for (const [subscribe, name] of Object.entries(events)) {
    bridge[subscribe] = (listener) => {
      listeners.get(name).add(listener);
      return () => listeners.get(name).delete(listener);
    };
  }
  window[global] = bridge;
}
