/**
 * `public/embed.js` can be pasted inline into a course page (issue 16): nothing in it may end the
 * `<script>` element early, so it holds no `</script` (in any case) anywhere, its header comment
 * included, and no `<!--` (which changes how the HTML parser reads script text).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const text = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'embed.js'), 'utf8');

describe('embed.js pasted inline', () => {
  it('holds no </script and no <!-- anywhere', () => {
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toMatch(/<!--/);
  });
  it('still says how to include it, in its header comment', () => {
    const header = text.slice(0, text.indexOf('*/'));
    expect(header).toMatch(/src="https:\/\/YOUR-HOST\/embed\.js"/);
    expect(header).toMatch(/pasted inline/);
  });
});
