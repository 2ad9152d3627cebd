import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// House rule (issue 13): each server module that serves HTTP routes has its contracts file of the
// same name in packages/contracts/src/schemas, and the package's index exports it, so that a
// route's request and answer shapes are found where the module's name says.

const modulesDir = __dirname;
const schemasDir = join(__dirname, '../../../../packages/contracts/src/schemas');
const contractsIndex = readFileSync(join(schemasDir, '../index.ts'), 'utf8');

const modulesWithRoutes = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(modulesDir, entry.name)).some((file) => file.endsWith('.routes.ts')))
  .map((entry) => entry.name);

describe('contracts by module', () => {
  it('finds the modules that serve routes', () => {
    expect(modulesWithRoutes).toEqual(expect.arrayContaining(['auth', 'prices', 'releases', 'sessions', 'sharing', 'support']));
  });

  it.each(modulesWithRoutes)('module %s has its contracts file of the same name, exported by the index', (name) => {
    expect(existsSync(join(schemasDir, `${name}.ts`))).toBe(true);
    expect(contractsIndex).toContain(`export * from './schemas/${name}';`);
  });
});
