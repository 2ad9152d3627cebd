import { mockApi } from '@/lib/testing/mock-api';

/**
 * The notifications API of a reader with one unread price alert: GET lists it (unread until marked),
 * POST /read marks it read. Shared by the header's tests (stand-in bell and loaded menu).
 */
export function mockOneUnreadPriceAlert() {
  let unread = 1;
  return mockApi({
    'GET /api/notifications': () => ({
      body: {
        items: [
          {
            id: '11111111-1111-4111-8111-111111111111',
            kind: 'price_alert',
            text: 'WTI Cushing rose to or above 75: 76 USD/bbl on 2026-06-02.',
            url: '/marketprice/alerts?alert=a1',
            created_at: '2026-06-02T06:00:00.000Z',
            read_at: unread ? null : '2026-06-02T07:00:00.000Z',
          },
        ],
        unread,
      },
    }),
    'POST /api/notifications/read': () => {
      unread = 0;
      return { body: { updated: 1, unread: 0 } };
    },
  });
}
