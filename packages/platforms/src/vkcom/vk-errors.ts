import { SdkError } from '@fxid/sdk/host';

/** A rejected vk-bridge call: the payload with `error_type` (platform-protocols.md §1b). */
interface VkBridgeError {
  error_type: 'client_error' | 'api_error' | 'auth_error' | string;
  error_data?: { error_code?: number; error_reason?: string; error_msg?: string; error_description?: unknown };
}

const isVkError = (error: unknown): error is VkBridgeError =>
  typeof error === 'object' && error !== null && 'error_type' in error;

/** VK's client error code for a dialog the player closed ("User denied"). */
export const VK_USER_DENIED = 4;

/** What VK said, for logs and messages. */
export function vkErrorText(error: unknown): string {
  if (!isVkError(error)) return error instanceof Error ? error.message : String(error);
  const data = error.error_data ?? {};
  return `${error.error_type} ${data.error_code ?? ''} ${data.error_msg ?? data.error_reason ?? ''}`.trim();
}

/** True when the player closed VK's dialog. */
export function isUserDenied(error: unknown): boolean {
  return isVkError(error) && error.error_type === 'client_error' && error.error_data?.error_code === VK_USER_DENIED;
}

/**
 * A failed VK purchase as the game sees it (spec store §4): client_error code 4 is
 * UserCancelled (`cancelled`), other client errors are Unknown, api_error and
 * auth_error reject with VK's message.
 */
export function vkPurchaseError(error: unknown): SdkError {
  if (error instanceof SdkError) return error;
  if (isUserDenied(error)) return new SdkError('cancelled', 'UserCancelled: the player closed the VK order box');
  if (isVkError(error) && error.error_type !== 'client_error') {
    return new SdkError('payment_not_completed', `VK ${error.error_type}: ${vkErrorText(error)}`);
  }
  return new SdkError('payment_not_completed', `Unknown: ${vkErrorText(error)}`);
}

/** Any other failed VK call: a closed dialog is `cancelled`, the rest `handler_failed` with VK's words. */
export function vkCallError(what: string, error: unknown): SdkError {
  if (error instanceof SdkError) return error;
  if (isUserDenied(error)) return new SdkError('cancelled', `The player closed ${what}`);
  return new SdkError('handler_failed', `${what} failed on VK: ${vkErrorText(error)}`);
}
