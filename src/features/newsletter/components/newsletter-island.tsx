import React from 'react';
import { ToastsWhereNone } from '@/components/ui/toast';
import { island } from '@/lib/island';
import { NewsletterCard } from './newsletter-card';

function NewsletterCardWithToasts() {
  return (
    <ToastsWhereNone>
      <NewsletterCard />
    </ToastsWhereNone>
  );
}

/** The newsletter sign-up card as an island: react-hook-form loads only when a reader gets near. */
export const NewsletterIsland = island('newsletter', NewsletterCardWithToasts);
