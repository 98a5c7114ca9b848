import type { NewsletterSubscribeRequest } from '@site/contracts';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useHydrated } from '@/lib/use-hydrated';
import { subscribeToNewsletter } from '../api/newsletter-api';

/** The subscribed state's words, the same in every signup. */
export const SUBSCRIBED_TEXT = "You're now subscribed to our newsletter.";
export const CONFIRMATION_ON_ITS_WAY =
  'A confirmation email is on its way: click its link to start receiving our weekly insights.';

export interface SignupProblem {
  title: string;
  description?: string;
}

const FAILED: SignupProblem = {
  title: 'Subscription failed',
  description: 'Please try again later.',
};

/**
 * The yup schema (with yup itself) loads only when the visitor starts using a signup (focus), or
 * at the latest on the first press: a page with a signup ships react-hook-form but not yup.
 */
const loadSchema = () => import('./subscribe-schema');
let schema: ReturnType<typeof loadSchema> | null = null;
export function prepareSchema() {
  if (!schema) {
    schema = loadSchema();
    // A failed load is forgotten, so the next focus or press tries again.
    schema.catch(() => {
      schema = null;
    });
  }
  return schema;
}
const lazyResolver: Resolver<NewsletterSubscribeRequest> = async (values, context, options) => {
  let loaded: Awaited<ReturnType<typeof loadSchema>>;
  try {
    loaded = await prepareSchema();
  } catch {
    // The network failed to bring the schema: nothing is sent.
    return { values: {}, errors: { root: { type: 'unavailable', message: 'Not loaded' } } };
  }
  return loaded.subscribeResolver(values, context, options);
};

export interface NewsletterSignup {
  register: UseFormRegister<NewsletterSubscribeRequest>;
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  isSubmitting: boolean;
  subscribed: boolean;
  hydrated: boolean;
  prepareSchema: typeof prepareSchema;
}

/**
 * One newsletter signup (the card beside posts and on /blog, the footer's): the one double opt-in
 * call, POST /newsletter/subscribe, after the one e-mail rule. The caller says how a problem is told
 * (a toast, or a line under the field).
 */
export function useNewsletterSignup({
  onSubscribed,
  onProblem,
}: {
  onSubscribed?: () => void;
  onProblem: (problem: SignupProblem) => void;
}): NewsletterSignup {
  const [subscribed, setSubscribed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<NewsletterSubscribeRequest>({
    resolver: lazyResolver,
    defaultValues: { email: '' },
    // The mistake is told by the caller; focus stays where the visitor is.
    shouldFocusError: false,
  });
  const hydrated = useHydrated();

  const subscribe = async (values: NewsletterSubscribeRequest) => {
    try {
      // The server records the consent with its own wording and this page (from the Referer).
      await subscribeToNewsletter(values);
      onSubscribed?.();
      setSubscribed(true);
    } catch {
      onProblem(FAILED);
    }
  };

  const refuse = (errors: FieldErrors<NewsletterSubscribeRequest>) => {
    if (errors.email) onProblem({ title: 'Invalid email', description: errors.email.message });
    else onProblem(FAILED);
  };

  return {
    register,
    submit: handleSubmit(subscribe, refuse),
    isSubmitting,
    subscribed,
    hydrated,
    prepareSchema,
  };
}
