import { config } from 'zod/v4/core';

// Zod probes `new Function` to compile fast parsers; the strict CSP forbids eval, and the probe
// would log a CSP violation on every page. The interpreted parser is fast enough for forms.
config({ jitless: true });
