// A stand-in for a desktop or native wrapper's bridge (development only): the portal loads it from the
// page config's bridge URL when no wrapper injected the bridge. The server serves stand-in-kit.js, this
// file and one call, defineBridgeStandIn({ global, channel, methods, events }) (host-script.ts
// bridgeStandIn), naming the window global to define (fxidSteam, fxidLauncher, fxidNative), the
// postMessage channel to the simulated wrapper in the parent page, the methods (each a request the parent
// answers; arguments as sent, in a list) and the subscriptions (onX(listener), fed by the parent's events
// of the given name).

// biome-ignore lint/correctness/noUnusedVariables: called by the line the server appends
function defineBridgeStandIn({ global, channel, methods, events }) {
  if (window[global]) return;
  const listeners = new Map(Object.values(events).map((name) => [name, new Set()]));
  const ask = hostChannel(channel, {
    onEvent: (message) => {
      for (const listener of listeners.get(message.name) ?? []) listener(message.response);
    },
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
