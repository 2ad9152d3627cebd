import type { AppContext } from '../../context';
import { createPlaidProvider } from './plaid';
import type { FinancialDataProvider } from './provider';
import { createSandboxProvider } from './sandbox';

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
export type { FinancialDataProvider } from './provider';

const providers = new WeakMap<AppContext, FinancialDataProvider>();

/** Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set, else the built-in sandbox; one per context. */
export function getBankProvider(ctx: AppContext): FinancialDataProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider =
      ctx.config.PLAID_CLIENT_ID && ctx.config.PLAID_SECRET
        ? createPlaidProvider({
            clientId: ctx.config.PLAID_CLIENT_ID,
            secret: ctx.config.PLAID_SECRET,
            environment: ctx.config.PLAID_ENV,
            baseUrl: ctx.config.PLAID_BASE_URL,
            idvTemplateId: ctx.config.PLAID_IDV_TEMPLATE_ID,
            webhookUrl: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/api/bank/webhook`,
          })
        : createSandboxProvider({ now: ctx.now });
    providers.set(ctx, provider);
  }
  return provider;
}

export function isSandboxProvider(provider: FinancialDataProvider): provider is SandboxProvider {
  return provider.name === 'sandbox';
}
