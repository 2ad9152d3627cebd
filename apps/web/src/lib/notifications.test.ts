import { NOTIFICATIONS_MAX } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  addNotification,
  extractReportId,
  getNotificationsKey,
  markAllNotificationsRead,
  readNotifications,
  removeNotification,
  resolveNotificationTarget,
} from './notifications';

const origin = 'https://app.fueldesk.test';

describe('notifications store', () => {
  it('keeps notifications per user email, or guest', () => {
    addNotification('Ana@Example.com ', { text: 'Report ready' });
    addNotification(null, { text: 'Guest note' });
    expect(getNotificationsKey('Ana@Example.com')).toBe('notifications:ana@example.com');
    expect(JSON.parse(localStorage.getItem('notifications:ana@example.com')!)).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('notifications:guest')!)[0]).toMatchObject({
      text: 'Guest note',
      read: false,
      contactName: null,
      openUrl: null,
    });
  });

  it(`keeps the newest ${NOTIFICATIONS_MAX} and drops the oldest`, () => {
    for (let index = 1; index <= NOTIFICATIONS_MAX + 5; index += 1) {
      addNotification('a@b.c', { text: `n${index}`, contactName: 'ACME', openUrl: `/report/${index}` });
    }
    const list = readNotifications('a@b.c');
    expect(list).toHaveLength(NOTIFICATIONS_MAX);
    expect(list[0].text).toBe(`n${NOTIFICATIONS_MAX + 5}`);
    expect(list.at(-1)?.text).toBe('n6');
    expect(JSON.parse(localStorage.getItem('notifications:a@b.c')!)).toHaveLength(NOTIFICATIONS_MAX);
  });

  it('marks all read and removes one by one', () => {
    const first = addNotification('a@b.c', { text: 'one' });
    addNotification('a@b.c', { text: 'two' });
    markAllNotificationsRead('a@b.c');
    expect(readNotifications('a@b.c').every((item) => item.read)).toBe(true);
    removeNotification('a@b.c', first.id);
    expect(readNotifications('a@b.c').map((item) => item.text)).toEqual(['two']);
  });

  it('ignores damaged stored entries', () => {
    localStorage.setItem('notifications:x@y.z', JSON.stringify([{ id: 1 }, { id: 'ok', text: 'fine', time: 't' }, 'junk']));
    expect(readNotifications('x@y.z').map((item) => item.id)).toEqual(['ok']);
  });
});

describe('notification targets', () => {
  it('finds the report id in ?id= or a /report/ path', () => {
    expect(extractReportId('/due-diligence/detail?id=123', origin)).toBe('123');
    expect(extractReportId('https://api.example.com/api/due/report/abc-9?ts=1', origin)).toBe('abc-9');
    expect(extractReportId('/news/5', origin)).toBeNull();
  });

  it('opens the report, else follows the link, else nothing', () => {
    expect(resolveNotificationTarget('/report/77', origin)).toEqual({ kind: 'report', reportId: '77' });
    expect(resolveNotificationTarget('/news/5#top', origin)).toEqual({ kind: 'internal', path: '/news/5#top' });
    expect(resolveNotificationTarget(`${origin}/support`, origin)).toEqual({ kind: 'internal', path: '/support' });
    expect(resolveNotificationTarget('https://eia.gov/x', origin)).toEqual({ kind: 'external', url: 'https://eia.gov/x' });
    expect(resolveNotificationTarget('javascript:alert(1)', origin)).toEqual({ kind: 'none' });
    expect(resolveNotificationTarget(null, origin)).toEqual({ kind: 'none' });
    expect(resolveNotificationTarget('  ', origin)).toEqual({ kind: 'none' });
  });
});
