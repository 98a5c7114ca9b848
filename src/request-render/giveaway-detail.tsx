import React from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { Spinner } from '@/components/ui/spinner';
import { ToastProvider } from '@/components/ui/toast';
import { SessionProvider } from '@/features/auth';
import { GiveawayApolloProvider } from '@/features/giveaway/components/giveaway-apollo-provider';
import { GiveawayDetailPage } from '@/features/giveaway/components/giveaway-detail-page';
import { ROUTES_LOADING_LABEL, RoutesFrame } from '@/features/giveaway/components/routes-frame';
import { asServedEntryState, SERVED_ENTRY_ELEMENT_ID } from '@/features/giveaway/served-entry';
import { asServedGiveaway, SERVED_GIVEAWAY_ELEMENT_ID } from '@/features/giveaway/served-giveaway';
import { jsonForScript } from '@/lib/json-for-script';
import { theme } from '@/styles/theme';
import { socialCardHead } from './social-card-head';
import type { RenderedSlot } from '@site/contracts/request-slots';

/**
 * /giveaway/{id}, drawn as the page's first render draws it (src/pages/giveaway/[...].tsx):
 * `null` gives the loading state the prebuilt page holds; a giveaway (the public GET
 * /giveaway/{id} answer) gives its page as a visitor who is not signed in sees it before the
 * browser has read anything of its own (the entry area keeps its place, "Loading…"). The session
 * and toasts are those of a first render: signed out, no toast region yet. `entry`: the server's
 * answer to the entry form sent as a page (the entry recorded, or the form refused with the
 * values typed), drawn into the page and put in its head for the browser's first render. The head
 * also names the giveaway's social card (`social_card`, drawn by the server when it was saved).
 */
export function render(data: unknown, entry?: unknown): RenderedSlot {
  const giveaway = asServedGiveaway(data);
  const entryState = giveaway === null ? null : asServedEntryState(entry);
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
                    <GiveawayDetailPage
                      key={String(giveaway.id)}
                      id={String(giveaway.id)}
                      served
                      entryState={entryState}
                    />
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
    const entryJson =
      entryState === null
        ? ''
        : `<script type="application/json" id="${SERVED_ENTRY_ELEMENT_ID}">${jsonForScript(entryState)}</script>`;
    const card = giveaway === null ? '' : socialCardHead(giveaway);
    return { html, head: card + sheet.getStyleTags() + json + entryJson };
  } finally {
    sheet.seal();
  }
}
