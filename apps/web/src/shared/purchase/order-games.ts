/**
 * Which game each order of this browser belongs to, so the payment return page
 * (/Store/Return/{id}, which carries only the order id) can ask for its status.
 */
const KEY = 'fxid:order-games';
const LIMIT = 20;

function read(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberOrderGame(orderId: string, game: string): void {
  try {
    // Newest last; only the latest few are worth keeping.
    const entries = Object.entries(read()).filter(([id]) => id !== orderId);
    entries.push([orderId, game]);
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(-LIMIT))));
  } catch {
    // Storage blocked (some embedded contexts): the return page then asks for the game in its address.
  }
}

export function orderGame(orderId: string): string | undefined {
  return read()[orderId];
}
