import { ModalFrame } from '../../shared/ui/ModalFrame';

/**
 * A provider's checkout page in a frame, sized to show the whole payment form with its Pay
 * button on a phone (390×844) and a laptop (1366×768) without scrolling the modal. The
 * portal's own form (`/{token}?embed=1`) renders alone there, with no site header or footer.
 */
export function CheckoutPageModal({ url, title }: { url: string; title: string }) {
  return (
    <ModalFrame size="md" title={title} flush>
      <iframe
        src={url}
        title={title}
        data-testid="checkout-frame"
        className="block h-[min(34rem,calc(85dvh-4rem))] w-full bg-white dark:bg-slate-900"
      />
    </ModalFrame>
  );
}
