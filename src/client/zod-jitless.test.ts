import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod without eval in the browser', () => {
  afterEach(() => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  });

  it('turns on jitless before zod loads, and object schemas then never call new Function', async () => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.resetModules();
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);

    const compiled = vi.spyOn(globalThis, 'Function');
    try {
      const Book = z.object({ isbn: z.string(), rating: z.number().int().min(1).max(5) });
      expect(Book.parse({ isbn: '9780140328721', rating: 4 })).toEqual({
        isbn: '9780140328721',
        rating: 4,
      });
      expect(compiled).not.toHaveBeenCalled();
    } finally {
      compiled.mockRestore();
    }
  });
});
