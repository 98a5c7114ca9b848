import React, { useCallback, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { CloseMark } from './close-mark';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const Backdrop = styled.div<{ $layer: number }>`
  position: fixed;
  inset: 0;
  z-index: ${({ $layer }) => $layer};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  overflow-y: auto;
  background: rgba(11, 16, 32, 0.6);

  ${({ theme }) => theme.media.md} {
    align-items: center;
    padding: ${({ theme }) => theme.space[8]};
  }
`;

const Panel = styled.div<{ $width: string }>`
  position: relative;
  width: 100%;
  max-width: ${({ $width }) => $width};
  margin-block: auto;
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.bg};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space[8]};
  }
`;

const Title = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[2]};
  padding-right: ${({ theme }) => theme.space[10]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CloseButton = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[4]};
  right: ${({ theme }) => theme.space[4]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
  }
`;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  /** CSS max-width of the panel. */
  width?: string;
  /** Element to focus on open; defaults to the first focusable element in the panel. */
  initialFocusRef?: React.RefObject<HTMLElement>;
  closeLabel?: string;
  /** Stacking level of the backdrop: above a full-window screen such as the presenter view. */
  layer?: number;
}

/**
 * Modal dialog: traps Tab inside, closes on Escape or a backdrop click, locks page scroll, and
 * hands focus back to whatever opened it. Rendered in a portal so page stacking contexts and
 * overflow rules cannot clip it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  width = '560px',
  initialFocusRef,
  closeLabel = 'Close dialog',
  layer = 100,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Read the latest onClose from listeners without re-running the open/close effect.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const target =
      initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel ?? null;
    target?.focus();

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    return () => {
      document.body.style.overflow = overflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  const handleKeyDown = useCallback((event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    // Escape is the keyboard equivalent of this pointer-only backdrop dismissal.
    <Backdrop
      $layer={layer}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $width={width}
        onKeyDown={handleKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
        {children}
        {/* Last in DOM order so opening focuses the first field, not the close button. */}
        <CloseButton type="button" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
          <CloseMark size={20} />
        </CloseButton>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
