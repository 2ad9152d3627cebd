import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { createAdminUser } from '../modules/system/admin-bootstrap';
import { createRuntime } from '../runtime';
import type { CliCommand } from './args';

export const migrateCommand: CliCommand = {
  name: 'migrate',
  usage: 'migrate',
  describe: 'Apply the database migrations (they also run at every start).',
  async run() {
    const runtime = await createRuntime({ runWorkers: false, defineJobs: false });
    await runtime.close();
    console.log(`Migrations applied (${runtime.ctx.database.kind}).`);
    return 0;
  },
};

export const createAdminCommand: CliCommand = {
  name: 'create-admin',
  usage: 'create-admin --email ADDRESS [--password SECRET] [--first-name NAME] [--last-name NAME]',
  options: { email: { type: 'string' }, password: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  describe: 'Create a verified administrator (or promote an existing account).',
  async run({ flags }) {
    const email = z.email().safeParse(flags.email);
    if (!email.success) {
      console.error('create-admin needs --email with a valid address.');
      return 2;
    }
    const generated = typeof flags.password !== 'string';
    const password = typeof flags.password === 'string' ? flags.password : randomBytes(12).toString('base64url');
    if (password.length < 8) {
      console.error('--password must be at least 8 characters.');
      return 2;
    }
    const runtime = await createRuntime({ runWorkers: false, defineJobs: false });
    try {
      const result = await createAdminUser(runtime.ctx, {
        email: email.data,
        password,
        firstName: typeof flags['first-name'] === 'string' ? flags['first-name'] : 'Admin',
        lastName: typeof flags['last-name'] === 'string' ? flags['last-name'] : null,
      });
      console.log(`${result.created ? 'Created' : 'Promoted'} administrator ${email.data}.`);
      if (generated) console.log(`Password: ${password}`);
      return 0;
    } finally {
      await runtime.close();
    }
  },
};
