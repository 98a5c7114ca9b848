import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { Spinner } from '@/components/ui/spinner';
import { ToastProvider } from '@/components/ui/toast';
import { SessionProvider } from '@/features/auth';
import { GiveawayApolloProvider } from '@/features/giveaway/components/giveaway-apollo-provider';
import { GiveawayDetailPage } from '@/features/giveaway/components/giveaway-detail-page';
import { ROUTES_LOADING_LABEL, RoutesFrame } from '@/features/giveaway/components/routes-frame';
import { asServedGiveaway, SERVED_GIVEAWAY_ELEMENT_ID } from '@/features/giveaway/served-giveaway';
import { jsonForScript } from '@/lib/json-for-script';
import { theme } from '@/styles/theme';
import type { RenderedSlot } from './slots';

/**
 * /giveaway/{id}, drawn as the page's first render draws it (src/pages/giveaway/[...].tsx):
 * `null` gives the loading state the prebuilt page holds; a giveaway (the public GET
 * /giveaway/{id} answer) gives its page as a visitor who is not signed in sees it before the
 * browser has read anything of its own (the entry area keeps its place, "Loading…"). The session
 * and toasts are those of a first render: signed out, no toast region yet.
 */
export function render(data: unknown): RenderedSlot {
  const giveaway = asServedGiveaway(data);
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <SessionProvider>
            <ToastProvider detached>
              <GiveawayApolloProvider served={giveaway}>
                <RoutesFrame>
                  {giveaway === null ? (
                    <Spinner label={ROUTES_LOADING_LABEL} />
                  ) : (
                    <GiveawayDetailPage key={String(giveaway.id)} id={String(giveaway.id)} served />
                  )}
                </RoutesFrame>
              </GiveawayApolloProvider>
            </ToastProvider>
          </SessionProvider>
        </ThemeProvider>,
      ),
    );
    const json =
      giveaway === null
        ? ''
        : `<script type="application/json" id="${SERVED_GIVEAWAY_ELEMENT_ID}">${jsonForScript(giveaway)}</script>`;
    return { html, head: sheet.getStyleTags() + json };
  } finally {
    sheet.seal();
  }
}
