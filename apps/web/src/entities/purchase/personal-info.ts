import { PHONE_NUMBER_PATTERN } from '@fxid/contract/personal-info';
import type { components } from '../../shared/api/schema';
import { isEmailAddress } from '../../shared/lib/email-address';

/** The body of update-order-pi and continue_redirect_with_pi: the order's personal info (spec store §3). */
export type OrderPersonalInfoBody = components['schemas']['OrderPersonalInfoInput'];
/** What an order needs to know about the player before the checkout. */
export type PersonalInfoRequirements = components['schemas']['PersonalInfoRequirements'];

/** The form as typed. */
export interface PersonalInfoValues {
  email: string;
  phone: string;
}

/** Translation keys of the form's messages (spec store §5 names invalid_email and invalid_phone_number). */
export interface PersonalInfoProblems {
  email?: 'store.personalInfo.emailRequired' | 'store.personalInfo.invalid_email';
  phone?: 'store.personalInfo.invalid_phone_number';
}

/**
 * What is wrong with the form, field by field (spec store §5): values trimmed; the
 * email optional unless the order requires one (the account has none), of valid form;
 * the phone optional, of the international pattern.
 */
export function personalInfoProblems(values: PersonalInfoValues, emailRequired: boolean): PersonalInfoProblems {
  const problems: PersonalInfoProblems = {};
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (email === '' && emailRequired) problems.email = 'store.personalInfo.emailRequired';
  else if (email !== '' && !isEmailAddress(email)) problems.email = 'store.personalInfo.invalid_email';
  if (phone !== '' && !PHONE_NUMBER_PATTERN.test(phone)) problems.phone = 'store.personalInfo.invalid_phone_number';
  return problems;
}

/** The request body for valid values: trimmed, an empty field sent as null ("not given"). */
export function toOrderPersonalInfo(values: PersonalInfoValues, autoConfirm: boolean): OrderPersonalInfoBody {
  const email = values.email.trim();
  const phone = values.phone.trim();
  return { Email: email === '' ? null : email, PhoneNumber: phone === '' ? null : phone, IsAutoConfirm: autoConfirm };
}
