// The console beyond the sign-in screen: the query cache, the guarded routes, the live feed and the toasts. Loaded
// after the sign-in screen is up (src/app/bootstrap.tsx: prefetched while the user types, shown once signing in or
// on any other path), so the sign-in entry carries none of it.
import { Suspense, lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient.ts';
import { AppRouter, prefetchAfterSignIn } from './Router.tsx';

// nothing before sign-in can be refused (403) or stale (409): the toasts load after the router
const ForbiddenToast = lazy(() => import('../shell/ForbiddenToast.tsx'));
const StaleToast = lazy(() => import('../shell/StaleToast.tsx'));

/** The chooser, the shell and the services the root actor calls after sign-in, fetched ahead (issue 12). */
export function prefetch(): void {
  prefetchAfterSignIn();
  void import('./signedInServices.ts');
}

export default function Console() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      {/* at the root, not in the layout: a lost session leaves the layout, the message must still show */}
      <Suspense fallback={null}>
        <ForbiddenToast />
        <StaleToast />
      </Suspense>
    </QueryClientProvider>
  );
}
