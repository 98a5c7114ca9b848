export interface NavLink {
  to: string;
  label: string;
}

/** Primary navigation, shared by the desktop bar and the mobile menu so they cannot drift. */
export const NAV_LINKS: readonly NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/projects', label: 'Vibe Projects' },
  { to: '/giveaway', label: 'Giveaway' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
];

export const CONTACT_LINK: NavLink = { to: '/contact', label: 'Contact Us' };

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * "page" for the current route, "true" for a section the route lives under (a blog post marks
 * Blog), otherwise undefined. Home matches only itself.
 */
export function ariaCurrentFor(pathname: string, to: string): 'page' | 'true' | undefined {
  const current = normalise(pathname);
  if (current === to) return 'page';
  if (to !== '/' && current.startsWith(`${to}/`)) return 'true';
  return undefined;
}
