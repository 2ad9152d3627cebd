import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { resolveProtectedRedirect } from './route-access';

/** Wraps every dashboard route: sign-in required, then the role rules of SPEC.md §2 and §6. */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  // While a stored session is being restored the overlay shows; deciding now would send a
  // signed-in user to /login.
  if (session.isRestoring) return null;
  const target = resolveProtectedRedirect(location, session);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
