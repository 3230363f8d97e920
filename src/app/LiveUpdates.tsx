import { useEffect } from 'react';
import { useCurrentOrgApp, useSession } from './hooks.ts';
import { startLiveUpdates } from './liveUpdates.ts';
import { queryClient } from './queryClient.ts';

/** While an org-app is ready, the server's committed changes invalidate the queries they touch. */
export function LiveUpdates() {
  const { status, user } = useSession();
  const orgApp = useCurrentOrgApp();
  const accesstoken = status === 'signedIn' ? (user?.accesstoken ?? '') : '';
  const key = orgApp?.key ?? '';
  useEffect(() => {
    if (!accesstoken || !key) return;
    const sub = startLiveUpdates(queryClient, { accesstoken, key });
    return () => sub.close();
  }, [accesstoken, key]);
  return null;
}
