import { config } from 'zod/v4/core';

// Every `import … from 'zod'` of the web build resolves to this module (vite.config.ts), so the
// setting below comes with the first schema, wherever that is: boot no longer loads zod for it,
// and pages without a schema (the signed-in home) load no zod at all.
//
// Zod probes `new Function` to compile fast parsers; the strict CSP forbids eval, and the probe
// would log a CSP violation on every page. The interpreted parser is fast enough for forms.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
