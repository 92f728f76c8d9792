import { describe, expect, it, vi } from 'vitest';
import './zod-jitless';

describe('zod under the CSP', () => {
  it('parses without new Function: jitless is on in the config zod reads', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const Schema = z.object({ a: z.string(), b: z.number() });
    for (let i = 0; i < 3; i++) expect(Schema.parse({ a: 'x', b: i })).toEqual({ a: 'x', b: i });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
