import { useEffect, useState } from 'react';

/**
 * False in the prebuilt HTML and the first browser render, true once React has hydrated.
 * Forms disable their submit button until then: a submit before hydration would be a native GET
 * that puts what was typed (a password, a message) into the URL and loses it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
