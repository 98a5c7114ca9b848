import { createIcon } from './icon-base';

export type { IconProps } from './icon-base';
// The layout's own icons live in layout-icons.tsx (only they travel in the app bundle); re-exported for the pages that use them.
export { ChevronDownIcon, ClockIcon, CloseIcon, MailIcon, PhoneIcon } from './layout-icons';

export const AgentIcon = createIcon(
  'AgentIcon',
  '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 4v4M9 13h.01M15 13h.01M9.5 16.5h5M2 13v2M22 13v2"/><circle cx="12" cy="3.5" r="1"/>',
);

export const ConsultationIcon = createIcon(
  'ConsultationIcon',
  '<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z"/><path d="M8.5 11h7M8.5 14h4.5"/>',
);

export const IntegrationIcon = createIcon(
  'IntegrationIcon',
  '<path d="M9 7V3M15 7V3M7 7h10v4a5 5 0 0 1-10 0V7ZM12 16v5"/>',
);

export const RetrievalIcon = createIcon(
  'RetrievalIcon',
  '<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h4M14 3l5 5M14 3v5h5M19 8v3"/><circle cx="16.5" cy="16.5" r="3"/><path d="m21 21-2.3-2.3M8 12h4M8 16h2"/>',
);

export const GraphIcon = createIcon(
  'GraphIcon',
  '<circle cx="5" cy="6" r="2.25"/><circle cx="19" cy="6" r="2.25"/><circle cx="12" cy="18" r="2.25"/><circle cx="12" cy="10" r="1.75"/><path d="M7 7l3.5 2M17 7l-3.5 2M12 11.75v4M6.2 8l4.7 8.1M17.8 8l-4.7 8.1"/>',
);

export const ShieldIcon = createIcon(
  'ShieldIcon',
  '<path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z"/><path d="m9 12 2 2 4-4"/>',
);

export const ProtocolIcon = createIcon(
  'ProtocolIcon',
  '<path d="m12 3 8.5 4.5L12 12 3.5 7.5 12 3Z"/><path d="m3.5 12 8.5 4.5 8.5-4.5M3.5 16.5 12 21l8.5-4.5"/>',
);

export const VoiceIcon = createIcon(
  'VoiceIcon',
  '<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7"/>',
);

export const CheckIcon = createIcon('CheckIcon', '<path d="m5 12.5 4.5 4.5L19 7.5"/>');

export const ArrowRightIcon = createIcon('ArrowRightIcon', '<path d="M5 12h14M13 6l6 6-6 6"/>');

export const SparkIcon = createIcon(
  'SparkIcon',
  '<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6"/>',
);

export const TargetIcon = createIcon(
  'TargetIcon',
  '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="5"/><circle cx="12" cy="12" r="1"/>',
);

export const UsersIcon = createIcon(
  'UsersIcon',
  '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.7 3.1 2.4 3.5 5.2"/>',
);

export const TrophyIcon = createIcon(
  'TrophyIcon',
  '<path d="M7 4h10v5a5 5 0 0 1-10 0V4Z"/><path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3.5M8 20.5h8M9.5 17.5h5"/>',
);

export const ShareIcon = createIcon(
  'ShareIcon',
  '<circle cx="18" cy="5" r="2.5"/><circle cx="6" cy="12" r="2.5"/><circle cx="18" cy="19" r="2.5"/><path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4"/>',
);

export const ArrowLeftIcon = createIcon('ArrowLeftIcon', '<path d="M19 12H5M11 6l-6 6 6 6"/>');
