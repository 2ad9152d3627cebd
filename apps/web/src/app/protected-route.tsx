import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth-store';
import { resolveProtectedRedirect } from './route-access';

/** Wraps every dashboard route: sign-in required, then the role rules of SPEC.md §2 and §6. */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  const [shown, setShown] = useState(false);
  const target = session.isRestoring ? null : resolveProtectedRedirect(location, session);
  const allowed = !session.isRestoring && target === null;

  useEffect(() => {
    if (allowed) setShown(true);
  }, [allowed]);

  // While a stored session is restored the overlay shows. At app start nothing renders (deciding now
  // would send a signed-in user to /login); later (a tab woken after its token expired) the page
  // stays mounted under the overlay so that nothing typed is lost.
  if (session.isRestoring) return shown ? <Outlet /> : null;
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
