import React, { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CONFIRM_TITLES, type ConfirmOutcome } from '../confirm-outcome';

/**
 * What confirming an entry came to, focused when it shows (so a screen reader reads it); a failure
 * offers "Try again", which calls `onRetry`.
 */
export function ConfirmOutcomeAlert({
  outcome,
  onRetry,
}: {
  outcome: Exclude<ConfirmOutcome, { kind: 'working' }>;
  onRetry: () => void;
}) {
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    resultRef.current?.focus();
  }, [outcome]);
  const good = outcome.kind === 'confirmed' || outcome.kind === 'already_confirmed';
  return (
    <div ref={resultRef} tabIndex={-1} data-testid="confirm-outcome">
      <Alert
        variant={good ? 'success' : outcome.kind === 'failed' ? 'error' : 'warning'}
        title={CONFIRM_TITLES[outcome.kind]}
      >
        <p>{outcome.message}</p>
        {outcome.kind === 'failed' ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Alert>
    </div>
  );
}
