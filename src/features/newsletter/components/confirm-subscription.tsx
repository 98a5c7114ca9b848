import React, { useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { confirmSubscription } from '../api/newsletter-api';
import {
  NewsletterPageLayout,
  PanelActions,
  PanelText,
  PanelTitle,
  tokenFrom,
} from './newsletter-page-layout';

type ConfirmState =
  | { kind: 'loading' }
  | { kind: 'confirmed'; message: string }
  | { kind: 'invalid'; message?: string };

/** The page the confirmation e-mail links to: `/newsletter/confirm?token=…`. */
export function ConfirmSubscription({ search }: { search: string }) {
  const [state, setState] = useState<ConfirmState>({ kind: 'loading' });

  useEffect(() => {
    const token = tokenFrom(search);
    if (!token) {
      setState({ kind: 'invalid' });
      return undefined;
    }
    let current = true;
    setState({ kind: 'loading' });
    confirmSubscription(token)
      .then((answer) => {
        if (current) setState({ kind: 'confirmed', message: answer.message });
      })
      .catch(() => {
        if (current) setState({ kind: 'invalid' });
      });
    return () => {
      current = false;
    };
  }, [search]);

  return (
    <NewsletterPageLayout>
      {state.kind === 'loading' ? <Spinner label="Confirming your subscription..." /> : null}
      {state.kind === 'confirmed' ? (
        <div role="status">
          <PanelTitle>Subscription confirmed</PanelTitle>
          <PanelText>
            {state.message} Look out for our weekly insights in your inbox. No spam, unsubscribe
            anytime.
          </PanelText>
          <PanelActions>
            <ButtonLink to="/blog">Read the blog</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Back to home
            </ButtonLink>
          </PanelActions>
        </div>
      ) : null}
      {state.kind === 'invalid' ? (
        <div role="alert">
          <PanelTitle>This link is invalid or has expired</PanelTitle>
          <PanelText>
            Confirmation links work once and expire after a while. Subscribe again from any blog
            post and we will send you a fresh link.
          </PanelText>
          <PanelActions>
            <ButtonLink to="/blog">Go to the blog</ButtonLink>
          </PanelActions>
        </div>
      ) : null}
    </NewsletterPageLayout>
  );
}
