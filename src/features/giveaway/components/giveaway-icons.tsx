import React from 'react';

/** Decorative icons for the giveaway screens; every use sits next to text that says the same. */
function icon(name: string, body: React.ReactNode) {
  function Icon({ size = 20 }: { size?: number }) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const UsersIcon = icon(
  'UsersIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.7 3.1 2.4 3.5 5.2" />
  </>,
);

export const GiftIcon = icon(
  'GiftIcon',
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 3.5 8 4.2C6 4.8 6.8 8 12 8ZM12 8s1.5-4.5 4-3.8C18 4.8 17.2 8 12 8Z" />
  </>,
);

export const CalendarIcon = icon(
  'CalendarIcon',
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const TrophyIcon = icon(
  'TrophyIcon',
  <>
    <path d="M7 4h10v5a5 5 0 0 1-10 0V4Z" />
    <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3.5M8 20.5h8M9.5 17.5h5" />
  </>,
);

export const ShareIcon = icon(
  'ShareIcon',
  <>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
  </>,
);

export const FlagIcon = icon(
  'FlagIcon',
  <>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </>,
);

export const ArrowLeftIcon = icon('ArrowLeftIcon', <path d="M19 12H5M11 6l-6 6 6 6" />);
