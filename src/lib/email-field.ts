import { EMAIL_MAX_LENGTH, isEmailAddress } from '@site/contracts/form-fields';
import * as yup from 'yup';

export interface EmailFieldWords {
  /** Shown when the field is empty (after trimming). */
  required: string;
  /** Shown when the text is not an address by the one rule the API applies too. */
  invalid: string;
  /** Shown when a well-formed address is longer than the API accepts; `invalid` by default. */
  tooLong?: string;
}

/**
 * The e-mail field of every form: trimmed, required, an address by the contracts' rule
 * (isEmailAddress, which the API applies to the same field) and at most EMAIL_MAX_LENGTH
 * characters. Each form keeps its own words.
 */
export function emailField({ required, invalid, tooLong = invalid }: EmailFieldWords) {
  return yup
    .string()
    .trim()
    .required(required)
    .test('email-address', invalid, (value) => {
      // The length has its own message below; this test judges the form of the address only.
      if (!value || value.length > EMAIL_MAX_LENGTH) return true;
      return isEmailAddress(value);
    })
    .max(EMAIL_MAX_LENGTH, tooLong);
}
