import type { HeadFC, PageProps } from 'gatsby';
import React, { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CheckPage } from '@/features/giveaway/components/check-page';
import { ClaimPage } from '@/features/giveaway/components/claim-page';
import { DeskPage } from '@/features/giveaway/components/desk-page';
import { GiveawayApolloProvider } from '@/features/giveaway/components/giveaway-apollo-provider';
import { GiveawayDetailPage } from '@/features/giveaway/components/giveaway-detail-page';
import { GiveawayManagementPage } from '@/features/giveaway/components/giveaway-management-page';
import { MessagePage } from '@/features/giveaway/components/message-panel';
import { PresenterPage } from '@/features/giveaway/components/presenter-page';
import { RulesPage } from '@/features/giveaway/components/rules-page';
import { VerifyPage } from '@/features/giveaway/components/verify-page';

/**
 * The routes render only in the browser, so the page first holds a spinner. The space below the
 * header is reserved from that first frame (a full screen), so the footer starts below the fold
 * and nothing on screen moves when the giveaway, its not-found message or a subpage arrives.
 */
const Reserved = styled.div`
  min-height: calc(100vh - 4rem);
  min-height: calc(100svh - 4rem);
`;

/** The part of the path after /giveaway/ ("admin", "12", "12/rules"), from the splat or the location. */
function routeOf(params: Record<string, string> | undefined, pathname: string): string {
  const splat = params?.['*'] ?? pathname.replace(/^\/giveaway\/?/, '');
  return splat.replace(/\/+$/, '');
}

/** A giveaway's own pages, by the path segment after its id. */
const SUBPAGE_TITLES: Record<string, string> = {
  rules: 'Official Rules',
  check: 'Was I in the draw?',
  verify: 'Verify the Draw',
  claim: 'Claim Your Prize',
  desk: 'Giveaway Desk',
  present: 'Presenter View',
};

function Route({ route, search }: { route: string; search: string }) {
  if (route === 'admin') return <GiveawayManagementPage />;
  const [id = '', page, ...rest] = route.split('/');
  if (page === undefined) return <GiveawayDetailPage key={id} id={id} />;
  if (rest.length === 0) {
    if (page === 'rules') return <RulesPage key={id} id={id} search={search} />;
    if (page === 'check') return <CheckPage key={id} id={id} />;
    if (page === 'verify') return <VerifyPage key={id} id={id} />;
    if (page === 'claim') return <ClaimPage key={id} id={id} search={search} />;
    if (page === 'desk') return <DeskPage key={id} id={id} />;
    if (page === 'present') return <PresenterPage key={id} id={id} />;
  }
  return (
    <MessagePage
      title="Page Not Found"
      text="There is no such page for this giveaway."
      action={<ButtonLink to={`/giveaway/${id}`}>Back to the Giveaway</ButtonLink>}
    />
  );
}

/**
 * Client-only routes under /giveaway/* (matchPath): /giveaway/admin is the management page,
 * /giveaway/{id} a giveaway and /giveaway/{id}/{rules|check|verify|claim|desk|present} its own
 * pages. The
 * build renders this page once for every such path, so nothing path-specific is drawn until the
 * browser has mounted it (otherwise hydration would disagree).
 */
export default function GiveawayRoutes({ params, location }: PageProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const route = routeOf(params, location.pathname);

  return (
    <GiveawayApolloProvider>
      <Reserved>
        {!mounted ? (
          <Spinner label="Loading..." />
        ) : (
          <Route route={route} search={location.search} />
        )}
      </Reserved>
    </GiveawayApolloProvider>
  );
}

export const Head: HeadFC = ({ location }) => {
  const route = routeOf(undefined, location.pathname);
  const page = route.split('/')[1];
  const title =
    route === 'admin' ? 'Manage Giveaways' : ((page && SUBPAGE_TITLES[page]) ?? 'Giveaway');
  return (
    <Seo title={title} pathname={location.pathname}>
      <meta name="robots" content="noindex" />
    </Seo>
  );
};
