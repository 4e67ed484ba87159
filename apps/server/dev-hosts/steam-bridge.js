// A stand-in for a Steam build's desktop wrapper bridge (served at /dev/hosts/steam/steam-bridge.js in
// development only; the portal loads it from the page config's SteamBridgeUrl when no wrapper injected
// window.fxidSteam). It defines window.fxidSteam with the surface of packages/platforms/src/steam/
// steam-bridge.ts and asks the simulated Steam client in the parent page, over postMessage, for the app
// id, the player and Web API tickets; the overlay's MicroTxnAuthorizationResponse arrives as an event.
(() => {
  if (window.fxidSteam) return;
  const listeners = new Set();

  const ask = hostChannel('steam-bridge', {
    onEvent: (message) => {
      if (message.name !== 'MicroTxnAuthorizationResponse') return;
      for (const listener of listeners) listener(message.response);
    },
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
