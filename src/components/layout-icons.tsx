import React from 'react';
import { createIcon, useIconSymbol, type IconSymbol } from './icon-base';

// The icons the header, menus and footer draw on every page. They live apart from the other
// icons (icons.tsx) so that only these travel in the app bundle every page loads.

export const MenuIcon = createIcon('MenuIcon', '<path d="M4 7h16M4 12h16M4 17h16"/>');

export const CloseIcon = createIcon('CloseIcon', '<path d="M6 6l12 12M18 6 6 18"/>');

export const ChevronDownIcon = createIcon('ChevronDownIcon', '<path d="m6 9 6 6 6-6"/>');

export const MailIcon = createIcon(
  'MailIcon',
  '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5"/>',
);

export const PhoneIcon = createIcon(
  'PhoneIcon',
  '<path d="M5 4h3.5l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z"/>',
);

export const ClockIcon = createIcon(
  'ClockIcon',
  '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
);

const LOGO: IconSymbol = {
  id: 'i-logo',
  paints:
    '<linearGradient id="i-logo-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#0e7490"/></linearGradient>',
  shapes:
    '<rect width="32" height="32" rx="8" fill="url(#i-logo-fill)"/>' +
    '<path d="M10 21.5 16 9l6 12.5M12.4 16.5h7.2" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>' +
    '<circle cx="16" cy="9" r="2" fill="#fff"/><circle cx="10" cy="21.5" r="2" fill="#fff"/><circle cx="22" cy="21.5" r="2" fill="#fff"/>',
};

/** The brand mark: two linked nodes inside a rounded square, drawn in the brand gradient. */
export function LogoMark({ size = 32 }: { size?: number }) {
  useIconSymbol(LOGO);
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <use href="#i-logo" />
    </svg>
  );
}
