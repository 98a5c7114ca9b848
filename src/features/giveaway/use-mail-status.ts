import type { MailStatusResponse } from '@site/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** One question per page view: whether mail can leave does not change while a page is open. */
let asked: Promise<boolean | null> | null = null;

function askMailStatus(): Promise<boolean | null> {
  asked ??= api
    .get<MailStatusResponse>('/mail/status', { authRedirect: false })
    .then((answer) => answer.mail_available)
    // Unknown when the server cannot say: offers stay as they are and the server decides.
    .catch(() => null);
  return asked;
}

/** Forgets the answer (tests, and a page that must ask again). */
export function forgetMailStatus() {
  asked = null;
}

/**
 * Whether mail can leave this site (a mail server is configured): null until the server has
 * answered or when it could not. Offers that need mail to reach someone are hidden only on a
 * clear `false`.
 */
export function useMailStatus(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void askMailStatus().then((answer) => {
      if (live) setAvailable(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return available;
}
