/** Longest address SMTP carries (RFC 5321); the server refuses longer ones too. */
export const MAX_EMAIL_LENGTH = 254;

// The server's rule (zod's email pattern), so that what passes here passes there.
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type EmailProblem = 'required' | 'invalid';

/** What is wrong with a typed address, if anything (spec §5: required, and of the form of an email). */
export function emailProblem(value: string): EmailProblem | null {
  const email = value.trim();
  if (email === '') return 'required';
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) return 'invalid';
  return null;
}
