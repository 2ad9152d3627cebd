/** Business constants of SPEC.md §9 and DECISIONS.md. Both apps read them from here. */
export const PRODUCT_NAME = 'FuelDesk';

export const HTTP_TIMEOUT_MS = 15_000;
export const PING_INTERVAL_MS = 15_000;
export const SESSION_CHECK_INTERVAL_MS = 10_000;
export const LOGOUT_DELAY_MS = 1_000;
export const LOGOUT_ANIMATION_MS = 600;
export const LOGIN_LOADER_MAX_MS = 10_000;
export const SUBMENU_MAX_ITEMS = 200;
export const SUBMENU_SAVE_DEBOUNCE_MS = 150;
export const NOTIFICATIONS_MAX = 50;
export const DUE_POLL_INTERVAL_MS = 6_000;
export const DUE_POLL_LIMIT = 20;
export const DUE_LIST_LIMIT = 100;
export const DUE_CACHE_MS = 10 * 60_000;
export const SETTINGS_TOAST_MS = 4_000;
export const MOBILE_BREAKPOINT_PX = 768;
export const DASHBOARD_MAX_PRODUCTS = 5;
export const SESSION_CONFLICT_WAIT_MS = 60_000;
export const SUPPORT_RESPONSE_HOURS = 24;
export const REFUND_WINDOW_DAYS = 30;
export const REFUND_PROCESSING_BUSINESS_DAYS = 10;
export const OUTAGE_REFUND_MIN_HOURS = 48;
export const MASKING_AUDIT_RETENTION_YEARS = 7;
export const PRIVACY_CHANGE_NOTICE_DAYS = 30;
export const TERMINATION_CURE_DAYS = 30;
export const CONFIDENTIALITY_TERM_YEARS = 3;
export const BETA_LIABILITY_CAP_USD = 0;
export const MINIMUM_AGE = 18;
export const PENETRATION_TEST_MONTHS = 24;
export const ROUTING_NUMBER_DIGITS = 9;
export const REGISTRATION_PASSWORD_MIN = 8;
export const SET_PASSWORD_MIN = 6;
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** One active session per user: a login is refused while another session pinged this recently. */
export const ACTIVE_SESSION_WINDOW_MS = 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const PING_ACTIVE_CAP_SECONDS = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_HOURS = 1;
export const ACTIVATION_TTL_DAYS = 7;
export const LOGIN_FAILURES_PER_MINUTE = 5;

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
