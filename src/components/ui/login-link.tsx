import React, { useEffect, useState } from 'react';
import { LOGIN_PATH, loginPathReturningTo } from '@/lib/return-path';
import { ButtonLink } from './button';

/**
 * "Log in" on a page that needs a session: the login returns to this page. The address is read
 * once mounted, so the prebuilt HTML (which knows no query string) and the first render agree.
 */
export function LoginLink({ children = 'Log in' }: { children?: React.ReactNode }) {
  const [to, setTo] = useState(LOGIN_PATH);
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    setTo(loginPathReturningTo(`${pathname}${search}${hash}`));
  }, []);
  return <ButtonLink to={to}>{children}</ButtonLink>;
}
