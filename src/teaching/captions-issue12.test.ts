/** Captions for the decisions and events the issue 12 modes add. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../model/simulate';
import '../scenarios/all';
import { loadBuiltIn } from '../store/initial-state';
import { captionForEvent } from './captions';

const traceOf = (id: string) => simulate(loadBuiltIn(id));
const caption = (id: string, kind: string, nth = 1) => {
  const trace = traceOf(id);
  const e = trace.events.filter((x) => x.kind === kind)[nth - 1];
  if (!e) throw new Error(`no ${kind} #${nth} in ${id}`);
  return captionForEvent(trace, e);
};

describe('captions for issue 12', () => {
  it('equality: the first write sets the token; a different one is rejected with both tokens', () => {
    expect(caption('identity-cas', 'write-accepted').text).toBe(
      "The storage stores 'from client 1' and from now on accepts only token 33.",
    );
    const r = caption('identity-cas', 'write-rejected');
    expect(r.title).toBe('Rejected: token 34 != 33');
    expect(r.text).toContain('An equality check cannot tell a newer holder from an older one.');
    expect(caption('identity-cas', 'storage-reset').title).toBe('The storage is reset');
    // After the reset the late write is the first again: it sets the token.
    expect(caption('identity-cas', 'write-accepted', 2).text).toContain('accepts only token 34');
  });

  it('by-key release: says whose lock the release freed', () => {
    const c = caption('zombie-unlock', 'lease-released');
    expect(c.title).toBe('Released by key: the wrong lock');
    expect(c.text).toBe(
      'The release from Client 1 arrives. Released by key, not by holder and token, it frees the lock Client 2 holds (token 34).',
    );
  });

  it('reads: the answer names the token the data was written with', () => {
    expect(caption('zombie-stale-read', 'read-served', 2).text).toBe("The storage answers Client 1 with 'next job: 7', written with token 33.");
  });

  it('sequence: the rejection names both sequence numbers', () => {
    const s = loadBuiltIn('same-token-order');
    const trace = simulate({ ...s, storage: { ...s.storage, sequence: true } });
    const e = trace.events.find((x) => x.kind === 'write-rejected')!;
    const c = captionForEvent(trace, e);
    expect(c.title).toBe('Rejected: sequence 1 <= 2');
    expect(c.text).toContain('with token 33 it has accepted sequence 2 already');
  });
});
