import { type RefObject, useEffect, useRef } from 'react';

/**
 * A button disabled while its request runs loses focus (browsers move it to <body>), so a keyboard
 * user pressing Enter on it would have to start again from the top of the page. Once `busy` ends,
 * this puts focus back on the element, unless something else has taken focus in the meantime.
 */
export function useRefocusAfterBusy(ref: RefObject<HTMLElement>, busy: boolean): void {
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [busy, ref]);
}
