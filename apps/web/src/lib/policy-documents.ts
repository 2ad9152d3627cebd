/** The /Policy children (SPEC.md §2): `path` is the URL segment, `id` the document and i18n key. */
export const policyDocuments = [
  { id: 'privacy', path: 'Privacy' },
  { id: 'terms', path: 'Terms' },
  { id: 'externalPolicies', path: 'External-Policies' },
  { id: 'refundAndCancellation', path: 'RefundAndCancellation-Policy' },
  { id: 'cookiePolicy', path: 'Cookie-Policy' },
  { id: 'compliance', path: 'Compliance' },
  { id: 'betaProgram', path: 'BetaProgram' },
  { id: 'aiDueDiligence', path: 'AIDueDiligence' },
  { id: 'marketDataMasking', path: 'MarketDataMasking' },
  { id: 'financialDataConnectivity', path: 'FinancialDataConnectivity' },
] as const;

export type PolicyDocId = (typeof policyDocuments)[number]['id'];
