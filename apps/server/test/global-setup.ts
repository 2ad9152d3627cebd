import type { TestProject } from 'vitest/node';
import { ensurePgliteTestTemplate, ensurePostgresTestTemplate } from './database-templates';

/** Once per run, before any test file: the template database every server test's database copies. */
export default async function setup(project: TestProject) {
  if (project.name === 'server-postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('the server-postgres project needs DATABASE_URL');
    await ensurePostgresTestTemplate(base);
  } else {
    await ensurePgliteTestTemplate();
  }
}
