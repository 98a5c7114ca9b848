import { ApolloProvider, type ApolloClient, type NormalizedCacheObject } from '@apollo/client';
import { render, type RenderOptions } from '@testing-library/react';
import React from 'react';
import { RootWrapper } from '@/app/app-shell';
import { createApolloClient } from '@/lib/apollo';

type Client = ApolloClient<NormalizedCacheObject>;

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /**
   * Wrap in Apollo as the giveaway pages are: `true` for a fresh real client (apollo-link-rest
   * through the API client, so MSW answers its requests), or a client of the test's own.
   */
  apollo?: boolean | Client;
}

/**
 * Render inside the same providers the site uses (theme, global style, session, toasts), so a
 * component under test behaves as it does on a page. Seed localStorage before calling it to start
 * with a signed-in session. `client` is the Apollo client when `apollo` was asked for.
 */
export function renderWithProviders(
  ui: React.ReactElement,
  { apollo, ...options }: ProvidersOptions = {},
) {
  const client: Client | null = apollo === true ? createApolloClient() : apollo ? apollo : null;
  const result = render(ui, {
    wrapper: ({ children }) => (
      <RootWrapper>
        {client ? <ApolloProvider client={client}>{children}</ApolloProvider> : children}
      </RootWrapper>
    ),
    ...options,
  });
  return { client, ...result };
}
