/**
 * A configured provider's key: its name for the deployment's own credentials, `name:account`
 * for a PAYMENT_ACCOUNTS entry's. Orders and taken notifications record it; its webhook path
 * is /store/webhooks/name[/account].
 */
export const providerKey = (name: string, account: string | undefined) => (account ? `${name}:${account}` : name);

/** The provider's name in a key (an order's `provider`). */
export const providerNameOf = (key: string) => key.split(':')[0] ?? key;
