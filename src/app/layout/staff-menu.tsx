import React, { Suspense, lazy } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { SessionProvider, useOptionalSession, useSession } from '@/features/auth';
import { island, STAFF_ISLAND } from '@/lib/island';

// Visitors never see the staff menu, so its code is fetched only once a signed-in admin or
// editor needs it.
const AdminMenu = lazy(() => import('./admin-menu').then((m) => ({ default: m.AdminMenu })));

function StaffMenu() {
  const { ready, isAuthenticated, canEdit } = useSession();
  if (!ready || !isAuthenticated || !canEdit) return null;
  return (
    <Suspense fallback={null}>
      <AdminMenu />
    </Suspense>
  );
}

/**
 * In the app the menu uses the app's session; as an island of a document page it keeps its own
 * (the prebuilt markup is empty either way: the session is known only in the browser).
 */
function StaffMenuRoot() {
  const session = useOptionalSession();
  if (session) return <StaffMenu />;
  return (
    <SessionProvider>
      <ToastProvider detached>
        <StaffMenu />
      </ToastProvider>
    </SessionProvider>
  );
}

/** The header's staff menu: on a document page it loads only for a signed-in member of staff. */
export const StaffMenuIsland = island(STAFF_ISLAND, StaffMenuRoot, { load: 'staff' });
