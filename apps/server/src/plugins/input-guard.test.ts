import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { findInputProblem, MAX_INPUT_DEPTH } from './input-guard';

function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

describe('findInputProblem', () => {
  it('finds a NUL character with its path and accepts clean input', () => {
    expect(findInputProblem({ name: 'ok', items: [{ note: 'a\u0000b' }] })).toEqual({ kind: 'nul', path: 'items.0.note' });
    expect(findInputProblem({ name: 'ok', items: [1, null, true, { deep: nested(10) }] })).toBeNull();
  });

  it('allows MAX_INPUT_DEPTH levels and refuses one more', () => {
    expect(findInputProblem(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(nested(MAX_INPUT_DEPTH + 1))?.kind).toBe('depth');
  });

  it('walks 100,000 levels without exhausting the stack', () => {
    expect(findInputProblem(nested(100_000))?.kind).toBe('depth');
  });
});

describe('deeply nested JSON bodies', () => {
  const t = useTestContext();

  it('refuses an 8,000-level body to a public route with 400, not 500', async () => {
    for (const payload of ['{"a":'.repeat(8000) + '1' + '}'.repeat(8000), '['.repeat(8000) + ']'.repeat(8000)]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
  });
});
