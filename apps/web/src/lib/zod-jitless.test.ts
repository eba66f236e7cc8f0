import { afterEach, describe, expect, it, vi } from 'vitest';
import { disableZodJit } from './zod-jitless.ts';

type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

describe('disableZodJit', () => {
  const global = globalThis as ZodGlobal;
  const saved = global.__zod_globalConfig;
  afterEach(() => {
    global.__zod_globalConfig = saved;
    vi.resetModules();
  });

  it('makes a zod loaded afterwards build and parse object schemas without new Function', async () => {
    delete global.__zod_globalConfig;
    vi.resetModules();
    disableZodJit();
    const functionConstructor = vi.spyOn(globalThis, 'Function');

    const { z, config } = await import('zod');
    const schema = z.object({ email: z.string(), slot: z.string() });
    expect(schema.parse({ email: 'a@b.test', slot: '08.00 AM - 08.30 AM' })).toEqual({
      email: 'a@b.test',
      slot: '08.00 AM - 08.30 AM',
    });

    expect(config().jitless).toBe(true);
    expect(functionConstructor).not.toHaveBeenCalled();
  });

  it('keeps settings already made by another copy of zod', () => {
    global.__zod_globalConfig = { customError: 'kept' };
    disableZodJit();
    expect(global.__zod_globalConfig).toEqual({ customError: 'kept', jitless: true });
  });
});
