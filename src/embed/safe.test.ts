import { describe, expect, it } from 'vitest';
import { copyText, prefersReducedMotion, readStored, removeStored, replaceUrl, storageArea, writeStored } from './safe';

/** A window as a sandboxed iframe without allow-same-origin has it: storage and history throw. */
function lockedWindow(): Window {
  const deny = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    get localStorage(): Storage {
      return deny();
    },
    get sessionStorage(): Storage {
      return deny();
    },
    history: { state: null, replaceState: deny },
    matchMedia: deny,
  } as unknown as Window;
}

/** A window whose storage works (a Map behind the Storage API). */
function openWindow(): Window {
  const m = new Map<string, string>();
  const area = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
  return { localStorage: area, sessionStorage: area, matchMedia: () => ({ matches: true }) } as unknown as Window;
}

describe('safe browser access', () => {
  it('never throws where storage, history and media queries throw', () => {
    const win = lockedWindow();
    expect(storageArea('local', win)).toBeUndefined();
    expect(storageArea('session', win)).toBeUndefined();
    expect(readStored('k', 'local', win)).toBeNull();
    expect(writeStored('k', 'v', 'local', win)).toBe(false);
    expect(() => removeStored('k', 'session', win)).not.toThrow();
    expect(replaceUrl('?t=1', win)).toBe(false);
    expect(prefersReducedMotion(win)).toBe(false);
    expect(storageArea('local', undefined)).toBeUndefined();
  });

  it('works where they work', () => {
    const win = openWindow();
    expect(writeStored('k', 'v', 'local', win)).toBe(true);
    expect(readStored('k', 'local', win)).toBe('v');
    removeStored('k', 'local', win);
    expect(readStored('k', 'local', win)).toBeNull();
    expect(prefersReducedMotion(win)).toBe(true);
  });

  it('copyText falls back to selecting the field when the clipboard is refused', async () => {
    const nav = globalThis.navigator;
    const calls: string[] = [];
    const field = {
      value: '<iframe>',
      focus: () => calls.push('focus'),
      select: () => calls.push('select'),
      setSelectionRange: (a: number, b: number) => calls.push(`range ${a}-${b}`),
      ownerDocument: { execCommand: () => false },
    } as unknown as HTMLTextAreaElement;
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { clipboard: { writeText: () => Promise.reject(new Error('denied')) } } });
    try {
      await expect(copyText('<iframe>', field)).resolves.toBe('selected');
      expect(calls).toEqual(['focus', 'select', 'range 0-8']);
      await expect(copyText('<iframe>')).resolves.toBe('failed');
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { clipboard: { writeText: () => Promise.resolve() } } });
      await expect(copyText('<iframe>', field)).resolves.toBe('copied');
    } finally {
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: nav });
    }
  });
});
