import './style.css';
import { createFxidSdk } from '@fxid/sdk';
import { createActions } from './actions.js';
import { gameFromLocation } from './catalog.js';
import { h, replaceChildren } from './dom.js';
import { createGemGarden } from './games/gem-garden.js';
import { createSkyRunner } from './games/sky-runner.js';
import { handOverLink } from './hand-over.js';
import { countOf, getLocale, setLocale, t, toLocale } from './i18n.js';
import { createLogPanel } from './log-panel.js';
import { renderHeader } from './player-card.js';
import { createProgress } from './progress.js';
import { createRounds } from './rounds.js';
import { connect, listenToPortal } from './session.js';
import type { Shell } from './shell.js';
import { createToast } from './toast.js';
import { createWallet } from './wallet.js';

const meta = gameFromLocation(location.search);
document.documentElement.dataset.game = meta.id;
setLocale(toLocale(navigator.language));

const app = document.getElementById('app') as HTMLElement;
const header = h('header', { class: 'card header', 'data-testid': 'player' });
const canvas = h('canvas', { 'data-testid': 'game-canvas', 'aria-label': meta.title.en, role: 'img' });
const stage = h('section', { class: 'card stage', 'data-orientation': meta.orientation }, canvas);
const side = h('aside', { class: 'side' });
const logTitle = h('h2', {}, t('log'));
const log = createLogPanel(logTitle);
replaceChildren(app, header, stage, side, log.element);

const wallet = createWallet(meta.id);
let status: 'connecting' | 'online' | 'offline' = 'connecting';
const rounds = createRounds(() => shell);
const createGame = meta.id === 'gem-garden' ? createGemGarden : createSkyRunner;
const game = createGame(canvas, {
  text: (key) => t(key),
  onRoundStart: rounds.started,
  onRoundEnd: rounds.ended,
  onPickup: (amount) => shell.addToWallet(amount),
});

const shell: Shell = {
  sdk: createFxidSdk(),
  log,
  meta,
  game,
  info: undefined,
  products: meta.fallbackProducts,
  toast: createToast(),
  progress: createProgress(() => shell),
  get balance() {
    return wallet.balance;
  },
  addToWallet(amount) {
    wallet.add(amount);
    // Only the header: re-rendering the panels on every star would steal focus from the nickname field.
    updateHeader();
  },
  grant(sku, quantity = 1) {
    const grant = meta.grants[sku];
    if (grant?.amount) wallet.add(grant.amount * quantity);
    if (grant?.flag) wallet.setFlag(grant.flag);
    shell.render();
  },
  hasFlag: (flag) => wallet.hasFlag(flag),
  setLanguage(locale) {
    // The portal names the language at start even when it is the one in use: the canvas (a whole
    // frame's drawing) is drawn again only when its words change.
    const changed = locale !== getLocale();
    setLocale(locale);
    shell.render();
    if (changed) game.redraw();
  },
  render() {
    document.title = meta.title[getLocale()];
    logTitle.textContent = t('log');
    updateHeader();
    queuePanel();
  },
};

let panelQueued = false;
/**
 * The side panel (most of a render's work: every button of every section) is rebuilt in a task of
 * its own, once for several renders in a row: start-up and the portal's first answers ask for five,
 * and in the start-up task it would hold back the stage's first frame.
 */
function queuePanel() {
  if (panelQueued) return;
  panelQueued = true;
  setTimeout(() => {
    panelQueued = false;
    replaceChildren(side, ...createActions(shell));
  });
}

function updateHeader() {
  const locale = getLocale();
  const title = meta.title[locale];
  renderHeader(header, { info: shell.info, status, title, wallet: countOf(meta.currency, wallet.balance) });
}

shell.render();
listenToPortal(shell);
connect(shell).then((online) => {
  status = online ? 'online' : 'offline';
  shell.render();
  if (!online) offerHandOver();
});

/** Outside a portal, with a GameAccessToken: a link that signs the player in to the portal. */
function offerHandOver() {
  const href = handOverLink(location.href, meta.id);
  if (!href) return;
  // The token leaves the address bar (and the history entry) once it is in the link.
  history.replaceState(null, '', location.pathname + location.search);
  const link = h('a', { class: 'hand-over', href, 'data-testid': 'hand-over' }, t('continueInPortal'));
  app.insertBefore(h('section', { class: 'card' }, link), side);
}
