/**
 * `loadOnce` (`src/store/load-once.ts`), behind every part loaded after the first render: one load
 * shared by all callers, the module kept for synchronous use, and a failed load tried again.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../src/store/load-once';

describe('loadOnce', () => {
  it('loads once for every caller and then keeps the module', async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const chunk = loadOnce(load);
    expect(chunk.current()).toBeUndefined();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(chunk.current()).toEqual({ answer: 42 });
    await chunk.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ok: true });
    const chunk = loadOnce(load as () => Promise<{ ok: boolean }>);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.current()).toBeUndefined();
    await expect(chunk.load()).resolves.toEqual({ ok: true });
    expect(chunk.current()).toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
