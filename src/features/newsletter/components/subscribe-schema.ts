import { yupResolver } from '@hookform/resolvers/yup';
import type { NewsletterSubscribeRequest } from '@site/contracts';
import * as yup from 'yup';
import { emailField } from '@/lib/email-field';

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** An empty or malformed address gets the same toast, and nothing is sent. */
export const subscribeSchema: yup.ObjectSchema<NewsletterSubscribeRequest> = yup.object({
  email: emailField({ required: INVALID_EMAIL, invalid: INVALID_EMAIL }),
});

export const subscribeResolver = yupResolver(subscribeSchema);
