import type { Purchase } from '@fxid/sdk';
import type { Shell } from './shell.js';
import { tracked } from './tracked.js';

/** The store front in the portal's current language; the shop follows a language change with it. */
export async function refreshStore(shell: Shell): Promise<void> {
  const store = await tracked(shell.log, 'storeFront', () => shell.sdk.storeFront());
  if (store.ok && store.value.products.length > 0) {
    shell.products = store.value.products;
    shell.render();
  }
}

/**
 * Grants one purchase, exactly once: anything that can be bought again is consumed first and
 * granted only if this call consumed it (another tab may have been quicker). A one-time
 * product stays unconsumed, so it keeps reading as owned; granting it again changes nothing.
 */
async function receive(shell: Shell, purchase: Purchase): Promise<boolean> {
  if (purchase.productType === 'NonConsumable') {
    // Listed at every start while owned: it counts as arrived only the first time.
    const fresh = purchase.products.some((product) => {
      const flag = shell.meta.grants[product.sku]?.flag;
      return !flag || !shell.hasFlag(flag);
    });
    for (const product of purchase.products) shell.grant(product.sku, product.quantity);
    return fresh;
  }
  const consumed = await tracked(shell.log, 'consumePurchase', () => shell.sdk.consumePurchase(purchase.transactionId));
  if (!consumed.ok) return false;
  for (const product of purchase.products) shell.grant(product.sku, product.quantity);
  return true;
}

/**
 * Collects what the player has paid for and the game has not received: a purchase in the
 * portal's store, in another tab, or one that finished after the game was closed, and the
 * one just bought. Returns how many purchases arrived now.
 */
export async function collectPurchases(shell: Shell): Promise<number> {
  if (!shell.info || shell.info.fxId.guest) return 0;
  const listed = await tracked(shell.log, 'getPurchases', () => shell.sdk.getPurchases());
  if (!listed.ok) return 0;
  let granted = 0;
  for (const purchase of listed.value) if (await receive(shell, purchase)) granted += 1;
  return granted;
}
