/**
 * Rules of the order personal-info form (spec store §5), without zod, so the portal can
 * check what the server checks without loading the schemas.
 */

/**
 * A phone number as the personal-info form takes it: an optional plus, a first digit
 * 1–9, 2 to 15 digits in all, nothing else. Checked after trimming.
 */
export const PHONE_NUMBER_PATTERN = /^\+?[1-9]\d{1,14}$/;
