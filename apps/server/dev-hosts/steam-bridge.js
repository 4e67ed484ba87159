// A stand-in for a Steam build's desktop wrapper bridge (served at /dev/hosts/steam/steam-bridge.js in
// development only; the portal loads it from the page config's SteamBridgeUrl when no wrapper injected
// window.fxidSteam). It defines window.fxidSteam with the surface of packages/platforms/src/steam/
// steam-bridge.ts and asks the simulated Steam client in the parent page, over postMessage, for the app
// id, the player and Web API tickets; the overlay's MicroTxnAuthorizationResponse arrives as an event.
(() => {
  if (window.fxidSteam) return;
  const pending = new Map();
  const listeners = new Set();
  let nextId = 1;

  function ask(method, params = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      window.parent.postMessage({ type: 'steam-bridge', id, method, params }, location.origin);
    });
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const message = event.data;
    if (message?.type === 'steam-bridge-event' && message.name === 'MicroTxnAuthorizationResponse') {
      for (const listener of listeners) listener(message.response);
      return;
    }
    if (message?.type !== 'steam-bridge-answer' || !pending.has(message.id)) return;
    const { resolve, reject } = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) reject(new Error(message.error.message));
    else resolve(message.result);
  });

  window.fxidSteam = {
    appId: () => ask('appId'),
    player: () => ask('player'),
    getAuthTicketForWebApi: (identity) => ask('getAuthTicketForWebApi', { identity }),
    onMicroTxnAuthorizationResponse(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();
