/** Payment providers' own state (a provider that keeps any adds its table here). */
export interface ProvidersTables {
  sandbox_payments: SandboxPaymentsTable;
  bank131_checkouts: Bank131CheckoutsTable;
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

/** Bank131's side of a checkout (migration 0055): its form token, session and the card it was paid with. */
export interface Bank131CheckoutsTable {
  /** The token of the card payment form page `/{token}` (b131_…). */
  id: string;
  session_id: string;
  public_order_id: string;
  amount: number;
  currency: string;
  description: string;
  return_url: string;
  customer_ref: string;
  /** open: nothing started; processing: the bank is deciding; then its outcome. */
  status: 'open' | 'processing' | 'paid' | 'declined' | 'cancelled' | 'refunded';
  /** How the payment was started: card, saved card (recurrent) or SBP. */
  method: 'card' | 'recurrent' | 'sbp' | null;
  idempotency_key: string;
  sbp_qr_content: string | null;
  sbp_qr_image: string | null;
  card_brand: string | null;
  card_last4: string | null;
  recurrent_token: string | null;
  created_at: number;
  updated_at: number;
}
