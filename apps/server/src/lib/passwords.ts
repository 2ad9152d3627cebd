import { lazyModule } from './lazy-module';

// argon2id (the library's default algorithm) with OWASP's minimum memory cost.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Native code, loaded with the first password hashed or checked rather than at every start and command.
const loadArgon2 = lazyModule<typeof import('@node-rs/argon2')>('@node-rs/argon2');

export function hashPassword(password: string): Promise<string> {
  return loadArgon2().hash(password, options);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  const { verify } = loadArgon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
