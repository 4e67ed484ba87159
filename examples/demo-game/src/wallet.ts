/** The player's in-game currency and owned flags, kept in localStorage when the browser allows it. */
export interface Wallet {
  readonly balance: number;
  add(amount: number): void;
  setFlag(flag: string): void;
  hasFlag(flag: string): boolean;
}

export function createWallet(gameId: string): Wallet {
  const key = `fxid-demo:${gameId}`;
  let saved: { balance: number; flags: string[] } = { balance: 0, flags: [] };
  try {
    saved = { ...saved, ...JSON.parse(localStorage.getItem(key) ?? '{}') };
  } catch {
    // Storage can be blocked in third-party iframes; the wallet then lives for this visit only.
  }
  const save = () => {
    try {
      localStorage.setItem(key, JSON.stringify(saved));
    } catch {}
  };
  return {
    get balance() {
      return saved.balance;
    },
    add(amount) {
      saved.balance += amount;
      save();
    },
    setFlag(flag) {
      if (!saved.flags.includes(flag)) saved.flags.push(flag);
      save();
    },
    hasFlag: (flag) => saved.flags.includes(flag),
  };
}
