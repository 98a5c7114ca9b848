/**
 * Design tokens. Colours are chosen for WCAG AA: text colours against their intended backgrounds
 * reach at least 4.5:1 (body) and 3:1 (large text, UI borders).
 */
export const theme = {
  colors: {
    bg: '#ffffff',
    surface: '#f6f7fb',
    surfaceAlt: '#eef0f7',
    text: '#141826',
    textMuted: '#4a5168',
    border: '#d5d9e6',
    primary: '#4338ca',
    primaryHover: '#3730a3',
    primaryText: '#ffffff',
    accent: '#0e7490',
    success: '#15803d',
    successBg: '#dcfce7',
    warning: '#a16207',
    warningBg: '#fef9c3',
    danger: '#b91c1c',
    dangerBg: '#fee2e2',
    info: '#1d4ed8',
    infoBg: '#dbeafe',
    dark: '#0b1020',
    darkSurface: '#151b30',
    darkText: '#e8eaf3',
    darkMuted: '#b4bad0',
    focus: '#f59e0b',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
    '5xl': '3rem',
  },
  space: {
    1: '0.25rem',
    2: '0.5rem',
    3: '0.75rem',
    4: '1rem',
    5: '1.25rem',
    6: '1.5rem',
    8: '2rem',
    10: '2.5rem',
    12: '3rem',
    16: '4rem',
    20: '5rem',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    sm: '0 1px 2px rgba(20, 24, 38, 0.08)',
    md: '0 4px 16px rgba(20, 24, 38, 0.08)',
    lg: '0 12px 32px rgba(20, 24, 38, 0.14)',
  },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  media: {
    sm: '@media (min-width: 640px)',
    md: '@media (min-width: 768px)',
    lg: '@media (min-width: 1024px)',
    xl: '@media (min-width: 1280px)',
    /** For hiding desktop-only UI; jsdom ignores @media, so tests still see the desktop bar. */
    belowLg: '@media (max-width: 1023.98px)',
    reducedMotion: '@media (prefers-reduced-motion: reduce)',
  },
  gradients: {
    /* Dark hero backdrop; white text on it stays above 7:1 at every stop. */
    hero: 'radial-gradient(1200px 600px at 85% -10%, rgba(99, 102, 241, 0.55), transparent 60%), radial-gradient(900px 500px at -10% 110%, rgba(14, 116, 144, 0.5), transparent 60%), linear-gradient(160deg, #0b1020 0%, #151b4a 55%, #0b1020 100%)',
    brand: 'linear-gradient(135deg, #4338ca 0%, #0e7490 100%)',
    soft: 'linear-gradient(180deg, #f6f7fb 0%, #ffffff 100%)',
  },
  maxWidth: '1200px',
  headerHeight: '64px',
} as const;

export type Theme = typeof theme;
