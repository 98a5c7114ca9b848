import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

export interface ShareButtonProps {
  title: string;
  description: string;
  /** Defaults to the current page address. */
  url?: string;
  className?: string;
}

type Feedback = { tone: 'ok' | 'problem'; text: string } | null;

const FEEDBACK_MS = 4000;

/**
 * Shares through the device's share sheet when there is one; otherwise copies the address and says
 * so next to the button (a status message, so screen readers hear it too).
 */
export function ShareButton({ title, description, url, className }: ShareButtonProps) {
  // Until the page's scripts have run a click would do nothing, so the button says so.
  const hydrated = useHydrated();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Feedback) => {
    setFeedback(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFeedback(null), FEEDBACK_MS);
  };

  const share = async () => {
    const address = url ?? window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: description, url: address });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing went wrong, nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(address);
      show({ tone: 'ok', text: 'Link copied to clipboard' });
    } catch {
      show({ tone: 'problem', text: `Copy this link: ${address}` });
    }
  };

  return (
    <Wrapper className={className}>
      <Button variant="secondary" size="sm" disabled={!hydrated} onClick={() => void share()}>
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        Share
      </Button>
      <Message role="status" $tone={feedback?.tone ?? 'ok'}>
        {feedback?.text ?? ''}
      </Message>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Message = styled.span<{ $tone: 'ok' | 'problem' }>`
  color: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.darkText : '#fecaca')};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  overflow-wrap: anywhere;

  &:empty {
    display: none;
  }
`;
