import type {
  BankAccountsResponse,
  ExchangeResponse,
  IdentityVerification,
  LinkTokenResponse,
  SandboxPublicTokenBody,
} from '@fueldesk/contracts';
import { isFinalVerificationStatus } from '@fueldesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While a verification is under way its status is read again this often (SPEC.md §4). */
export const VERIFICATION_REFRESH_MS = 2_000;

export const bankKeys = {
  accounts: ['bank', 'accounts'] as const,
  verification: ['bank', 'identity-verification'] as const,
  linkToken: ['bank', 'link-token'] as const,
};

/** GET /api/bank/accounts */
export function getBankAccounts(signal?: AbortSignal): Promise<BankAccountsResponse> {
  return api.get<BankAccountsResponse>('/bank/accounts', { signal });
}
export const bankAccountsQueryOptions = () => queryOptions({ queryKey: bankKeys.accounts, queryFn: ({ signal }) => getBankAccounts(signal) });
export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}

/** POST /api/bank/link-token: which connect flow to open, and Plaid Link's token. */
export function createLinkToken(): Promise<LinkTokenResponse> {
  return api.post<LinkTokenResponse>('/bank/link-token');
}
export function useLinkToken() {
  return useQuery({ queryKey: bankKeys.linkToken, queryFn: createLinkToken, staleTime: 15 * 60_000, retry: false });
}

/** POST /api/bank/sandbox/public-token, then /api/bank/exchange: the sandbox dialog's two steps. */
export function connectSandboxBank(body: SandboxPublicTokenBody): Promise<ExchangeResponse> {
  return api
    .post<{ public_token: string }>('/bank/sandbox/public-token', body)
    .then(({ public_token }) => exchangePublicToken(public_token));
}

/** POST /api/bank/exchange; with Plaid, the link token Link was opened with (the server binds it to the caller). */
export function exchangePublicToken(publicToken: string, linkToken?: string): Promise<ExchangeResponse> {
  return api.post<ExchangeResponse>('/bank/exchange', { public_token: publicToken, ...(linkToken ? { link_token: linkToken } : {}) });
}

export function useConnectBank<T>(connect: (input: T) => Promise<ExchangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bank', 'connect'],
    mutationFn: connect,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bankKeys.accounts }),
  });
}

/** GET /api/bank/identity-verification, read again every few seconds while it is not final. */
export function getIdentityVerification(signal?: AbortSignal): Promise<IdentityVerification> {
  return api.get<IdentityVerification>('/bank/identity-verification', { signal });
}
export function useIdentityVerification() {
  return useQuery({
    queryKey: bankKeys.verification,
    queryFn: ({ signal }) => getIdentityVerification(signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !isFinalVerificationStatus(status) ? VERIFICATION_REFRESH_MS : false;
    },
  });
}

/** POST /api/bank/identity-verification */
export function useStartIdentityVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['bank', 'identity-verification', 'start'],
    mutationFn: () => api.post<IdentityVerification>('/bank/identity-verification'),
    onSuccess: (verification) => queryClient.setQueryData(bankKeys.verification, verification),
  });
}
