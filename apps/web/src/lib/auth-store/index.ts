/**
 * The client auth store (SPEC.md §4): the signed-in state of the tab and everything that keeps it
 * true. store.ts holds tokens, user and the reason of a forced sign-out; session-requests.ts the
 * refresh, ping, check and logout calls; auth-provider.tsx the React context, the session keeper
 * and the Log out hook; overlays.tsx the sign-in and sign-out loaders.
 */
export type { SessionTokens, SessionUser } from '../auth-storage';
export { SessionKeeper, SessionProvider, primeSessionUser, useLogOut, useSession, type SessionContextValue } from './auth-provider';
export { finishLoginLoader, startLoginLoader, useReleaseLoginLoader } from './overlays';
export { checkSession, isSessionEndingFailure, pingSession, postLogout, refreshAccessToken, type PingOutcome } from './session-requests';
export { clearSignOutReason, reloadSessionFromStorage, signIn, signOut, updateSessionUser, type SignOutOptions, type SignOutReason } from './store';
