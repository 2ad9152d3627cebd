/** A connected sandbox account as GET /api/bank/accounts lists it. */
export const bankAccount = {
  id: 'a1',
  name: 'Operating Checking',
  mask: '1234',
  type: 'depository',
  subtype: 'checking',
  balances: { available: '1200.50', current: '1300.00', limit: null, currency: 'USD' },
  institution: { id: 'ins_109508', name: 'First Platypus Bank' },
};

/** A pending invitation as GET /api/sharing/received lists it. */
export const receivedInvitation = {
  id: '0c7d3a52-5b7e-4d55-9d5a-2a2f0f6c8f01',
  from: { name: 'Tomás Vega', company: 'Vega Fuels', email: 'tomas@example.com' },
  scopes: ['identity', 'balances'],
  status: 'PENDING',
  created_at: '2026-04-02T10:00:00Z',
  consented_at: null,
  expires_at: '2026-04-09T10:00:00Z',
};
