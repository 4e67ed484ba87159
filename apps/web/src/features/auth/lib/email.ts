import { isEmailAddress } from '../../../shared/lib/email-address';

export type EmailProblem = 'required' | 'invalid';

/** What is wrong with a typed address, if anything (spec §5: required, and of the form of an email). */
export function emailProblem(value: string): EmailProblem | null {
  const email = value.trim();
  if (email === '') return 'required';
  if (!isEmailAddress(email)) return 'invalid';
  return null;
}
