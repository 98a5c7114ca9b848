import React, {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styled, { keyframes } from 'styled-components';
import { createPortal } from 'react-dom';
import { CloseMark } from './close-mark';
import { centredSquare } from '@/styles/layout';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * The part of the page the toast must never cover (a panel that reports the same outcome):
   * the toast moves to the other edge of the window, or the page scrolls the part clear of it.
   */
  avoid?: () => Element | null;
}

/** A toast that says `title` failed, with the reason `cause` gives when it is an Error. */
export function errorToast(title: string, cause: unknown): ToastOptions {
  return {
    title,
    description: cause instanceof Error ? cause.message : undefined,
    variant: 'destructive',
  };
}

interface ToastItem extends Required<Omit<ToastOptions, 'description' | 'avoid'>> {
  id: number;
  description?: string;
  avoid?: () => Element | null;
}

export const TOAST_DURATION_MS = 5000;
/** One toast at a time: a new one takes the place of the one showing. */
export const MAX_TOASTS = 1;

export type ToastEdge = 'top' | 'bottom';

// The server render has no layout to measure (and React warns about layout effects there).
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Band, b: Band) =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * Where a toast of the size and side margins of `toast` (as it stands now, at edge `current`) goes
 * so that it leaves `part` uncovered in a window `windowHeight` tall: its usual bottom edge, else
 * the top, else `scroll` pixels to scroll the page by so the part sits clear above the bottom
 * toast (0 when the part is too tall for that, and the toast stays at the bottom).
 */
export function toastPlacement(
  part: Band,
  toast: Band,
  current: ToastEdge,
  windowHeight: number,
): { edge: ToastEdge; scroll: number } {
  const height = toast.bottom - toast.top;
  const margin = current === 'bottom' ? windowHeight - toast.bottom : toast.top;
  const atBottom = { ...toast, top: windowHeight - margin - height, bottom: windowHeight - margin };
  const atTop = { ...toast, top: margin, bottom: margin + height };
  if (!overlaps(part, atBottom)) return { edge: 'bottom', scroll: 0 };
  if (!overlaps(part, atTop)) return { edge: 'top', scroll: 0 };
  const room = atBottom.top - margin;
  if (part.bottom - part.top > room) return { edge: 'bottom', scroll: 0 };
  return { edge: 'bottom', scroll: part.bottom - room };
}

type ToastFn = (options: ToastOptions) => void;

interface ToastContextValue {
  toast: ToastFn;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: translateY(0); }
`;

const Viewport = styled.div<{ $edge: ToastEdge }>`
  position: fixed;
  right: ${({ theme }) => theme.space[4]};
  ${({ $edge }) => ($edge === 'bottom' ? 'bottom' : 'top')}: ${({ theme }) => theme.space[4]};
  left: ${({ theme }) => theme.space[4]};
  z-index: 200;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
  pointer-events: none;

  ${({ theme }) => theme.media.sm} {
    left: auto;
    width: 380px;
  }
`;

const Item = styled.div<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  width: 100%;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid
    ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.border)};
  border-left-width: 4px;
  border-left-color: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.primary)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.dangerBg : theme.colors.bg)};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  pointer-events: auto;
  animation: ${slideIn} 0.2s ease-out;
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
`;

const Title = styled.p<{ $variant: ToastVariant }>`
  margin: 0;
  color: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.text)};
  font-weight: 700;
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Dismiss = styled.button`
  ${centredSquare('2rem')}
  margin: -0.25rem -0.25rem 0 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};

  &:hover {
    background: rgba(20, 24, 38, 0.08);
    color: ${({ theme }) => theme.colors.text};
  }
`;

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);

  // The timer restarts from the full duration after a pause, which is what WCAG 2.2.2 asks for:
  // someone reading the toast with a pointer or keyboard on it must not lose it mid-sentence.
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => onDismiss(item.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, item.id, onDismiss]);

  return (
    <Item
      $variant={item.variant}
      role={item.variant === 'destructive' ? 'alert' : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Body>
        <Title $variant={item.variant}>{item.title}</Title>
        {item.description ? <Description>{item.description}</Description> : null}
      </Body>
      <Dismiss
        type="button"
        aria-label={`Dismiss notification: ${item.title}`}
        onClick={() => onDismiss(item.id)}
      >
        <CloseMark size={16} />
      </Dismiss>
    </Item>
  );
}

/**
 * Holds the toast stack and renders it in one polite live region for the whole site.
 *
 * `detached`: the region is added to the end of <body> once mounted instead of after the
 * children, for an island of a document page, whose prebuilt markup has no region of its own.
 */
export function ToastProvider({
  children,
  detached = false,
}: {
  children: React.ReactNode;
  detached?: boolean;
}) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const toast = useCallback<ToastFn>(({ title, description, variant = 'default', avoid }) => {
    const id = nextId.current++;
    setItems((current) =>
      [...current, { id, title, description, variant, avoid }].slice(-MAX_TOASTS),
    );
  }, []);

  // A toast that must leave a part of the page uncovered is placed when it appears (scrolling the
  // part clear if neither edge will do) and moved between the edges as the page scrolls.
  const viewport = useRef<HTMLDivElement>(null);
  const [edge, setEdge] = useState<ToastEdge>('bottom');
  const shown = items[items.length - 1];
  useBrowserLayoutEffect(() => {
    const avoid = shown?.avoid;
    if (!avoid) {
      setEdge('bottom');
      return undefined;
    }
    let scrolled = false;
    const place = () => {
      const part = avoid();
      const region = viewport.current;
      if (!part || !region || region.childElementCount === 0) return;
      const placement = toastPlacement(
        part.getBoundingClientRect(),
        region.getBoundingClientRect(),
        region.dataset.edge === 'top' ? 'top' : 'bottom',
        window.innerHeight,
      );
      setEdge(placement.edge);
      // Only when the toast appears: later, the person's own scrolling wins.
      if (placement.scroll > 0 && !scrolled) window.scrollBy(0, placement.scroll);
      scrolled = true;
    };
    place();
    let frame = 0;
    const onChange = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(place);
    };
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [shown]);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  // The region exists before any toast so screen readers register it and announce additions.
  const region = (
    <Viewport
      ref={viewport}
      $edge={edge}
      data-edge={edge}
      aria-live="polite"
      aria-label="Notifications"
      role="region"
    >
      {items.map((item) => (
        <ToastCard key={item.id} item={item} onDismiss={dismiss} />
      ))}
    </Viewport>
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      {detached ? (mounted ? createPortal(region, document.body) : null) : region}
    </ToastContext.Provider>
  );
}

/**
 * Toasts for a part that may stand alone: an island of a document page has no app around it, so
 * it gets a stack of its own (its region added once mounted); inside the app it uses the app's.
 */
export function ToastsWhereNone({ children }: { children: React.ReactNode }) {
  if (useContext(ToastContext)) return <>{children}</>;
  return <ToastProvider detached>{children}</ToastProvider>;
}

/** `const { toast } = useToast(); toast({ title: 'Saved' })`. Must be used under ToastProvider. */
export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>.');
  return context;
}
