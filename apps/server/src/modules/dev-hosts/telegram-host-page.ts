const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#e7ebf0;color:#222}header{padding:0 16px}' +
  'h1{font-size:20px;margin:8px 0}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}' +
  'main{display:flex;gap:12px;padding:0 16px 12px;align-items:flex-start}' +
  '#stage{width:420px;flex:none;background:#fff;border-radius:12px;overflow:hidden}#bar{background:#3390ec;color:#fff;padding:8px 12px}' +
  '#app{width:100%;height:640px;border:0}aside{flex:1;font-size:12px;max-height:700px;overflow:auto}' +
  '#log li{margin:2px 0;word-break:break-all}#dialog{position:fixed;inset:20% 35% auto;background:#fff;border-radius:12px;' +
  'padding:16px;box-shadow:0 8px 40px #0006;z-index:10}#dialog-buttons{display:flex;gap:8px}button{padding:6px 14px}' +
  '#orders li{margin:4px 0}';

/**
 * /dev/hosts/telegram: Telegram Web around a Mini App. Pick a game and a simulated user;
 * the page frames the player with signed initData, answers telegram-web-app.js's
 * postMessage protocol, shows the Stars invoice (Pay / Cancel / Fail) and share sheet,
 * lists paid charges (each with a Telegram refund), and logs the protocol. The Mini App's
 * frame sits at the top of the page, as in Telegram Web, with the controls beside it: the
 * portal's centred dialogs stay in a desktop window without scrolling the page.
 */
export function renderTelegramHostPage(games: string[]): string {
  const options = games.map((game) => `<option value="${escapeHtml(game)}">${escapeHtml(game)}</option>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Host simulator: Telegram</title><style>${STYLE}</style></head><body>
<header><h1>Host simulator: Telegram Mini Apps</h1></header>
<main><div id="stage"><div id="bar">Telegram</div><iframe id="app" title="Game on the simulated platform" data-testid="host-app-frame"></iframe></div>
<aside><p>Plays Telegram Web around the game: initData signed with the game's bot token, the telegram-web-app.js protocol, the Stars invoice, and the Bot API's webhook updates to this server. Development mode only. <a href="../hosts">Other platforms</a></p>
<form id="launch"><label>Game <select name="game">${options}</select></label>
<label>User <select name="user"><option value="new">New user</option><option value="returning">Returning user</option></select></label>
<button type="submit">Launch</button></form>
<p id="who" data-testid="host-user"></p>
<p id="view"><button type="button" id="view-hide" data-testid="host-view-hide">Minimise (visibility_changed)</button> <button type="button" id="view-restore" data-testid="host-view-restore">Restore (visibility_changed)</button></p>
<h2>Stars payments</h2><p>Paid through the invoice; Refund sends Telegram's refunded_payment to the bot.</p><ol id="orders" data-testid="host-orders"></ol>
<h2>Host protocol</h2><ol id="log" data-testid="host-log"></ol></aside></main>
<div id="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title" hidden><h2 id="dialog-title"></h2><p id="dialog-text"></p><div id="dialog-buttons"></div></div>
<script type="module" src="telegram-host.js"></script></body></html>`;
}
