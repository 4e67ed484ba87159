const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The platforms the simulator plays; each has a script half in apps/server/dev-hosts/. */
export const SIMULATED_PLATFORMS = [
  { adapter: 'vkcom', name: 'VK (vk.com Mini Apps)' },
  { adapter: 'yandex', name: 'Yandex Games' },
  { adapter: 'telegram', name: 'Telegram Mini Apps' },
  { adapter: 'ok', name: 'Odnoklassniki (OK.ru games)' },
  { adapter: 'vkplay', name: 'VK Play (vkplay.ru games)' },
  { adapter: 'crazygames', name: 'CrazyGames (SDK v3)' },
  { adapter: 'kg', name: 'Kongregate (JS API)' },
  { adapter: 'fbinstantgames', name: 'Facebook Instant Games' },
  { adapter: 'fbgames', name: 'Facebook Games (canvas)' },
  { adapter: 'ag', name: 'Absolute Games (ag.ru)' },
  { adapter: 'ymobage', name: 'WizQ (ymobage)' },
  { adapter: 'steam', name: 'Steam (desktop build, overlay)' },
  { adapter: 'fxlauncher', name: 'fxid desktop launcher (FxLauncher)' },
  { adapter: 'fxnative', name: 'fxid native app, iOS (FxNative)' },
] as const;

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#edeef0;color:#222}header,form,#who{padding:0 16px}' +
  'form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}main{display:flex;gap:12px;padding:12px 16px}' +
  '#stage{flex:1;position:relative;background:#fff;border-radius:8px;min-height:640px}' +
  '#app{width:100%;height:640px;border:0;border-radius:8px}#banner{background:#4a76a8;color:#fff;padding:8px;text-align:center}' +
  'aside{width:320px;font-size:12px;max-height:680px;overflow:auto}#log li{margin:2px 0;word-break:break-all}' +
  '#dialog{position:fixed;inset:20% 30% auto;background:#fff;border:1px solid #99a;border-radius:12px;padding:16px;' +
  'box-shadow:0 8px 40px #0006;z-index:10}#dialog-buttons{display:flex;gap:8px}button{padding:6px 14px}' +
  '#view{padding:0 16px}#orders li{margin:4px 0}form label{min-width:0;max-width:100%}select{max-width:100%}' +
  // A phone: the log under the stage, nothing wider than the screen.
  '@media(max-width:700px){main{flex-direction:column}aside{width:auto}#dialog{inset:20% 16px auto}}';

/**
 * The /dev/hosts page: pick a platform, a game and a simulated user; the host frame,
 * its dialogs, hide/restore of the app, the orders paid (each with a Refund button) and a
 * log of the host protocol. A developer tool in English like
 * /dev/mailbox; its script is a separate file, as the CSP allows no inline script.
 */
export function renderHostsPage(
  gamesByPlatform: Record<(typeof SIMULATED_PLATFORMS)[number]['adapter'], string[]>,
): string {
  const platforms = SIMULATED_PLATFORMS.map(
    (platform) => `<option value="${platform.adapter}">${escapeHtml(platform.name)}</option>`,
  ).join('');
  // Each game once, marked with the platforms it can be launched on (the scripts show only those).
  const names = [...new Set(Object.values(gamesByPlatform).flat())];
  const games = names
    .map((game) => {
      const on = SIMULATED_PLATFORMS.filter((platform) => gamesByPlatform[platform.adapter].includes(game));
      const list = on.map((platform) => platform.adapter).join(' ');
      return `<option value="${escapeHtml(game)}" data-platforms="${list}">${escapeHtml(game)}</option>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Host simulator</title><style>${STYLE}</style></head><body>
<header><h1>Host simulator</h1><p>Runs a game inside a page that plays its publishing platform: signed launch parameters, the platform's client protocol, its dialogs, and its signed payment callbacks to this server. Development mode only.</p></header>
<form id="launch"><label>Platform <select name="platform">${platforms}</select></label>
<label>Game <select name="game">${games}</select></label>
<label>User <select name="user"><option value="new">New user</option><option value="returning">Returning user</option><option value="guest">Guest (Yandex, CrazyGames, Kongregate, Facebook Games, Absolute Games: not signed in; VK Play: not logged in; OK, Instant Games, WizQ, Steam: a new user; launcher, native app: nobody signed in to the wrapper)</option><option value="unregistered">VK Play: logged in, not registered in the game</option></select></label>
<button type="submit">Launch</button></form>
<p id="who" data-testid="host-user"></p>
<p id="view" hidden><button type="button" id="view-hide" data-testid="host-view-hide">Hide app (VKWebAppViewHide)</button> <button type="button" id="view-restore" data-testid="host-view-restore">Restore app (VKWebAppViewRestore)</button></p>
<main><div id="stage"><div id="banner" hidden data-testid="host-banner">Banner ad</div><iframe id="app" title="Game on the simulated platform" data-testid="host-app-frame"></iframe></div>
<aside><section id="vk-orders" hidden><h2>Orders</h2><p>Paid through the VK order box; Refund posts VK's signed refund notification.</p><ol id="orders" data-testid="host-orders"></ol></section>
<h2>Host protocol</h2><ol id="log" data-testid="host-log"></ol></aside></main>
<div id="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title" hidden><h2 id="dialog-title"></h2><p id="dialog-text"></p><div id="dialog-buttons"></div></div>
<script type="module" src="hosts/vk-host.js"></script><script type="module" src="hosts/yandex-host.js"></script><script type="module" src="hosts/ok-host.js"></script><script type="module" src="hosts/vkplay-host.js"></script><script type="module" src="hosts/crazygames-host.js"></script><script type="module" src="hosts/kg-host.js"></script><script type="module" src="hosts/fbinstantgames-host.js"></script><script type="module" src="hosts/fbgames-host.js"></script><script type="module" src="hosts/ag-host.js"></script><script type="module" src="hosts/ymobage-host.js"></script><script type="module" src="hosts/steam-host.js"></script><script type="module" src="hosts/wrapper-host.js"></script></body></html>`;
}
