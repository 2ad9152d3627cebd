import { LANGUAGES } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/prices.json';
import es from '@/locales/es/prices.json';
import { DEFAULT_DASHBOARD_NAMES, isDefaultDashboardName } from './default-dashboard-name';

describe('default dashboard names', () => {
  it('equal the locale files', () => {
    expect(DEFAULT_DASHBOARD_NAMES).toEqual({ en: en.home.defaultName, es: es.home.defaultName });
    expect(Object.keys(DEFAULT_DASHBOARD_NAMES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('recognises the default in every language and nothing else', () => {
    expect(isDefaultDashboardName('My dashboard')).toBe(true);
    expect(isDefaultDashboardName('Mi panel')).toBe(true);
    expect(isDefaultDashboardName('Diesel desk')).toBe(false);
  });
});
