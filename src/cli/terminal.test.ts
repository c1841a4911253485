import { describe, expect, it } from 'vitest';
import { jsonTerminalSafe, terminalSafe } from './terminal';

describe('terminal-safe text (issue 18)', () => {
  it('shows ESC, BEL, NUL, DEL, C1 and bidi overrides as escapes, keeps tab, newline and other Unicode', () => {
    expect(terminalSafe('a\u001b[2Jb\u0007c\u0000d\u007fe\u009bf')).toBe('a\\u001b[2Jb\\u0007c\\u0000d\\u007fe\\u009bf');
    expect(terminalSafe('x\u202ey\u2066z')).toBe('x\\u202ey\\u2066z');
    expect(terminalSafe('line 1\n\tline 2 — Ümläut 令牌')).toBe('line 1\n\tline 2 — Ümläut 令牌');
  });

  it('keeps JSON valid and equal in value', () => {
    const value = { title: 'evil\u001b]0;pwned\u0007\u007f\u0085\u202e', ok: 'plain' };
    const safe = jsonTerminalSafe(JSON.stringify(value, null, 2));
    expect(safe).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
