import React from 'react';
import { ArrowRightIcon } from '../icons';
import { LightButtonLink } from './page-hero';

/** The main call to action on the hero gradient: a large link to /contact, with an arrow. */
export function ContactButtonLink({ children }: { children: React.ReactNode }) {
  return (
    <LightButtonLink to="/contact" size="lg">
      {children}
      <ArrowRightIcon size={18} />
    </LightButtonLink>
  );
}
