/** Where the API answers, on the page's own origin (API.md). */
export const API_BASE_PATH = '/api';
