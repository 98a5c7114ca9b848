import type { HeadFC, PageProps } from 'gatsby';
import React, { Suspense, useEffect, useState } from 'react';
import { Seo } from '@/components/seo';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { GiveawayApolloProvider } from '@/features/giveaway/components/giveaway-apollo-provider';
import { GiveawayDetailPage } from '@/features/giveaway/components/giveaway-detail-page';
import { MessagePage } from '@/features/giveaway/components/message-panel';
import {
  detailIdOf,
  ROUTES_LOADING_LABEL,
  RoutesFrame,
} from '@/features/giveaway/components/routes-frame';
import { forgetServedGiveaway, readServedGiveaway } from '@/features/giveaway/served-giveaway';

// A giveaway's own page is drawn at once (often by the server already); its subpages and the
// management page are other screens, whose code loads when one is opened.
const CheckPage = React.lazy(() =>
  import('@/features/giveaway/components/check-page').then((m) => ({ default: m.CheckPage })),
);
const ClaimPage = React.lazy(() =>
  import('@/features/giveaway/components/claim-page').then((m) => ({ default: m.ClaimPage })),
);
const ConfirmPage = React.lazy(() =>
  import('@/features/giveaway/components/confirm-page').then((m) => ({ default: m.ConfirmPage })),
);
const DeskPage = React.lazy(() =>
  import('@/features/giveaway/components/desk-page').then((m) => ({ default: m.DeskPage })),
);
const GiveawayManagementPage = React.lazy(() =>
  import('@/features/giveaway/components/giveaway-management-page').then((m) => ({
    default: m.GiveawayManagementPage,
  })),
);
const PresenterPage = React.lazy(() =>
  import('@/features/giveaway/components/presenter-page').then((m) => ({
    default: m.PresenterPage,
  })),
);
const RulesPage = React.lazy(() =>
  import('@/features/giveaway/components/rules-page').then((m) => ({ default: m.RulesPage })),
);
const VerifyPage = React.lazy(() =>
  import('@/features/giveaway/components/verify-page').then((m) => ({ default: m.VerifyPage })),
);

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
  confirm: 'Confirm your entry',
  desk: 'Giveaway Desk',
  present: 'Presenter View',
};

function Route({ route, search, served }: { route: string; search: string; served: boolean }) {
  if (route === 'admin') return <GiveawayManagementPage />;
  const [id = '', page, ...rest] = route.split('/');
  if (page === undefined) return <GiveawayDetailPage key={id} id={id} served={served} />;
  if (rest.length === 0) {
    if (page === 'rules') return <RulesPage key={id} id={id} search={search} />;
    if (page === 'check') return <CheckPage key={id} id={id} />;
    if (page === 'verify') return <VerifyPage key={id} id={id} />;
    if (page === 'claim') return <ClaimPage key={id} id={id} search={search} />;
    if (page === 'confirm') return <ConfirmPage key={id} id={id} search={search} />;
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
 * /giveaway/{id} a giveaway and /giveaway/{id}/{rules|check|verify|claim|confirm|desk|present} its own
 * pages. The build renders this page once for every such path, so as built it holds only the
 * loading state, and the route is drawn once the browser has mounted it.
 *
 * A giveaway's own page usually arrives drawn instead: the server drew the public giveaway into
 * the frame at request time and put its data in the page's head (served-giveaway.ts). The first
 * render then draws the same giveaway from that data (seeded into Apollo's cache), so hydration
 * agrees and no request is made for it.
 */
export default function GiveawayRoutes({ params, location }: PageProps) {
  const [mounted, setMounted] = useState(false);
  const route = routeOf(params, location.pathname);
  const [served] = useState(() => {
    const id = detailIdOf(route);
    return id === null ? null : readServedGiveaway(id);
  });
  // The served giveaway stands for the first route only: coming back to it later in the app
  // loads it afresh.
  const [servedRoute, setServedRoute] = useState(served ? route : null);
  useEffect(() => {
    setMounted(true);
    forgetServedGiveaway();
  }, []);
  useEffect(() => {
    if (servedRoute !== null && route !== servedRoute) setServedRoute(null);
  }, [route, servedRoute]);

  return (
    <GiveawayApolloProvider served={served}>
      <RoutesFrame>
        {!mounted && servedRoute === null ? (
          <Spinner label={ROUTES_LOADING_LABEL} />
        ) : detailIdOf(route) !== null ? (
          // Not inside a Suspense boundary: the server drew it without one, and an update that
          // reached a boundary still hydrating would make React draw it again from scratch.
          <Route route={route} search={location.search} served={route === servedRoute} />
        ) : (
          <Suspense fallback={<Spinner label={ROUTES_LOADING_LABEL} />}>
            <Route route={route} search={location.search} served={false} />
          </Suspense>
        )}
      </RoutesFrame>
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
