// Issue 27: an account made for someone (contacts, a user manager, org init) signs in the first time with the
// deployment's initial password, and the server answers nothing but the password change until he has chosen his
// own (GET /v2/users/loginstatus firstLogin). So, signed in with it, the console shows only this step: the
// current (initial) password, the new one twice; then the console starts again with the session as it is.
import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchLoginStatus } from '../../../services/users.ts';
import { useSession } from '../../app/hooks.ts';

const ChangeInitialPassword = lazy(() => import('./ChangeInitialPassword.tsx'));

export function FirstLoginGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user?.userId ?? null : null;
  const status = useQuery({ queryKey: ['loginstatus', userId], queryFn: fetchLoginStatus, enabled: userId !== null, staleTime: Infinity, retry: false });
  if (userId !== null && status.data?.firstLogin) {
    return (
      <Suspense fallback={null}>
        <ChangeInitialPassword username={session.user?.username ?? ''} currentNeeded={status.data.currentPasswordNeeded} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
