/**
 * Money.Mail.Ru's payment window protocol as the spec states it (store §4; platform-protocols.md
 * §7a): the window tells the page that framed it how the payment went with one of four events;
 * the first event wins, `paySuccess` and `closeWindow` resolve, `payError` and `refreshWindow`
 * reject, and an event that cannot be read counts as `payError`. Only messages from the three
 * trusted payment hosts are taken, compared as whole origins, never by suffix.
 */
export type MoneyMailRuEvent = 'paySuccess' | 'closeWindow' | 'payError' | 'refreshWindow';

/** Money.Mail.Ru's live host and the two demo hosts public integrations use. */
export const MONEYMAILRU_TRUSTED_ORIGINS = [
  'https://money.mail.ru',
  'https://demo.money.mail.ru',
  'https://demoney.mail.ru',
] as const;

const EVENTS: readonly string[] = ['paySuccess', 'closeWindow', 'payError', 'refreshWindow'];

/** The event a message carries: a bare name, JSON of one, or an object naming it in type, event or name. */
export function readMoneyMailRuEvent(data: unknown): MoneyMailRuEvent {
  let value = data;
  if (typeof value === 'string') {
    if (EVENTS.includes(value)) return value as MoneyMailRuEvent;
    try {
      value = JSON.parse(value);
    } catch {
      return 'payError';
    }
  }
  if (typeof value === 'string' && EVENTS.includes(value)) return value as MoneyMailRuEvent;
  if (value && typeof value === 'object') {
    const named = value as Record<string, unknown>;
    const name = [named.type, named.event, named.name].find(
      (field) => typeof field === 'string' && EVENTS.includes(field),
    );
    if (name) return name as MoneyMailRuEvent;
  }
  return 'payError';
}

/**
 * Waits for the window's first event from a trusted origin (Money.Mail.Ru's three, plus `extra`:
 * a fake's in development and tests); messages from any other origin are ignored. Calls `onEvent`
 * once, then stops listening; the returned function stops it earlier.
 */
export function listenToMoneyMailRuWindow(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  extra: readonly string[],
  onEvent: (event: MoneyMailRuEvent) => void,
): () => void {
  const trusted = new Set<string>([...MONEYMAILRU_TRUSTED_ORIGINS, ...extra]);
  const listener = (message: MessageEvent) => {
    if (!trusted.has(message.origin)) return;
    stop();
    onEvent(readMoneyMailRuEvent(message.data));
  };
  const stop = () => target.removeEventListener('message', listener);
  target.addEventListener('message', listener);
  return stop;
}
