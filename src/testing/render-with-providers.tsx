import { render, type RenderOptions } from '@testing-library/react';
import React from 'react';
import { RootWrapper } from '@/app/app-shell';

/**
 * Render inside the same providers the site uses (theme, global style, session, toasts), so a
 * component under test behaves as it does on a page. Seed localStorage before calling it to start
 * with a signed-in session.
 */
export function renderWithProviders(
  ui: React.ReactElement,
  options?: Omit<RenderOptions, 'wrapper'>,
) {
  return render(ui, {
    wrapper: ({ children }) => <RootWrapper>{children}</RootWrapper>,
    ...options,
  });
}
