/** Longest address SMTP carries (RFC 5321); the server refuses longer ones too. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * The server's rule (zod's email pattern), so that what passes here passes there. The
 * portal keeps its own copy because the contract's schemas would bring zod along.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Whether a trimmed address is of the form the server takes. */
export function isEmailAddress(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}
