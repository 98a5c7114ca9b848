import { useEffect, useState } from 'react';
import { useIslandGuarded } from './island';

/**
 * False in the prebuilt HTML and the first browser render, true once React has hydrated.
 * Forms disable their submit button until then: a submit before hydration would be a native GET
 * that puts what was typed (a password, a message) into the URL and loses it.
 *
 * Inside an island of a document page it is true from the start: there the island loader holds a
 * click or submit that comes before hydration and replays it once the island is hydrated.
 */
export function useHydrated(): boolean {
  const guarded = useIslandGuarded();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return guarded || hydrated;
}
