/** Payment providers' own state (a provider that keeps any adds its table here). */
export interface ProvidersTables {
  sandbox_payments: SandboxPaymentsTable;
}

/** The sandbox provider's side of a checkout: what it would charge and what the player chose. */
export interface SandboxPaymentsTable {
  id: string;
  public_order_id: string;
  amount: number;
  currency: string;
  description: string;
  return_url: string;
  status: 'open' | 'paid' | 'declined' | 'abandoned' | 'refunded';
  idempotency_key: string;
  /** The buyer as the bank knows them (fxid's account id); '' for checkouts made before it was kept. */
  customer_ref: string;
  /** The card a paid checkout was paid with: brand and last four digits, never the number. */
  card_brand: string | null;
  card_last4: string | null;
  created_at: number;
  updated_at: number;
}
