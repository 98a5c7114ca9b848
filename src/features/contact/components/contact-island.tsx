import React from 'react';
import { ToastsWhereNone } from '@/components/ui/toast';
import { island } from '@/lib/island';
import type { ServiceOption } from '../services';
import { ContactForm } from './contact-form';

export interface ContactIslandProps {
  serviceOptions: ServiceOption[];
}

function ContactFormWithToasts({ serviceOptions }: ContactIslandProps) {
  return (
    <ToastsWhereNone>
      <ContactForm serviceOptions={serviceOptions} />
    </ToastsWhereNone>
  );
}

/** The enquiry form (react-hook-form + yup): what /contact is for, so it loads at once. */
export const ContactIsland = island('contact', ContactFormWithToasts, { load: 'now' });
