/** The product a card payment form charges for, with its price: what the player agrees to pay. */
export function PaymentFormProduct({ product }: { product: { Name: string; Description: string; Price: string } }) {
  return (
    <div data-testid="payment-form-product" className="rounded-2xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{product.Name}</h2>
      {product.Description && <p className="mt-1 text-sm">{product.Description}</p>}
      <p className="mt-3 text-2xl font-bold text-slate-900 dark:text-white" dir="ltr">
        {product.Price}
      </p>
    </div>
  );
}
