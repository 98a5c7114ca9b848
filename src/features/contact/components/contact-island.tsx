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

/**
 * The enquiry form (react-hook-form + yup). It loads as other islands do, once the visitor acts
 * on the page or reaches the form: the page's first screen is its text and the form's HTML, so a
 * visitor who only reads the address or the phone number downloads no script, and what is typed
 * or pressed before the form has its code is kept and answered once it has.
 */
export const ContactIsland = island('contact', ContactFormWithToasts);
