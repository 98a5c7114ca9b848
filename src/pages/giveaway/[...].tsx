import type { HeadFC, PageProps } from 'gatsby';
import React, { useEffect, useState } from 'react';
import { Seo } from '@/components/seo';
import { Spinner } from '@/components/ui/spinner';
import { GiveawayApolloProvider } from '@/features/giveaway/components/giveaway-apollo-provider';
import { GiveawayDetailPage } from '@/features/giveaway/components/giveaway-detail-page';
import { GiveawayManagementPage } from '@/features/giveaway/components/giveaway-management-page';

/** The part of the path after /giveaway/ ("admin", "12"), from the splat or the location. */
function routeOf(params: Record<string, string> | undefined, pathname: string): string {
  const splat = params?.['*'] ?? pathname.replace(/^\/giveaway\/?/, '');
  return splat.replace(/\/+$/, '');
}

/**
 * Client-only routes under /giveaway/* (matchPath): /giveaway/admin is the management page and
 * /giveaway/{id} a giveaway. The build renders this page once for every such path, so nothing
 * path-specific is drawn until the browser has mounted it (otherwise hydration would disagree).
 */
export default function GiveawayRoutes({ params, location }: PageProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const route = routeOf(params, location.pathname);

  return (
    <GiveawayApolloProvider>
      {!mounted ? (
        <Spinner label="Loading..." />
      ) : route === 'admin' ? (
        <GiveawayManagementPage />
      ) : (
        <GiveawayDetailPage key={route} id={route} />
      )}
    </GiveawayApolloProvider>
  );
}

export const Head: HeadFC = ({ location }) => {
  const isAdmin = routeOf(undefined, location.pathname) === 'admin';
  return (
    <Seo title={isAdmin ? 'Manage Giveaways' : 'Giveaway'} pathname={location.pathname}>
      <meta name="robots" content="noindex" />
    </Seo>
  );
};
