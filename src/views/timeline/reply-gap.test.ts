/**
 * Issue 13: a request and its reply read as two arrows, not one smudge. For every built-in
 * scenario, at the widths the app is used at, each reply's arrow (a grant, a keepalive's answer, a
 * write's or a read's reply) lies at least {@link REPLY_SEP} px to the right of its request's
 * arrow at both lanes; and a write stops short of its decision's mark (outside the mark's halo).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/simulate';
import { ALL_BUILT_IN_SCENARIOS } from '../../scenarios/all';
import { loadBuiltIn } from '../../store/initial-state';
import { layoutTimeline } from './geometry';
import { DECISION_R, REPLY_SEP, withMessages } from './message-geometry';

const REQUEST: Record<string, string> = { grant: 'acquire', 'keepalive-ok': 'keepalive', 'keepalive-lost': 'keepalive', 'write-reply': 'write', 'read-reply': 'read' };

describe('requests and their replies are drawn apart (every built-in scenario)', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    const trace = simulate(loadBuiltIn(built.id));
    it(`${built.id}: every reply at least ${REPLY_SEP} px from its request at both ends`, () => {
      for (const width of [1280, 360, 1900]) {
        const g = withMessages(layoutTimeline(trace, undefined, width), trace);
        let pairs = 0;
        for (const reply of g.messages) {
          const kind = REQUEST[reply.kind];
          if (!kind) continue;
          const req = [...g.messages].reverse().find((m) => m.id < reply.id && m.kind === kind && m.from === reply.to && m.to === reply.from);
          if (!req || req.arriveAtMs > reply.sentAtMs) continue;
          pairs++;
          // At the server's lane (request's tip, reply's start) and at the client's (request's start, reply's tip).
          expect(reply.x1 - req.x2, `${reply.kind} ${reply.id} after ${req.kind} ${req.id} at ${width}px`).toBeGreaterThanOrEqual(REPLY_SEP - 1e-6);
          expect(reply.x2 - req.x1, `${reply.kind} ${reply.id} after ${req.kind} ${req.id} at ${width}px`).toBeGreaterThanOrEqual(REPLY_SEP - 1e-6);
        }
        expect(pairs).toBeGreaterThan(0);
        for (const d of trace.storage) {
          const write = g.messages.find((m) => m.id === d.messageId)!;
          expect(g.decisionY.get(d.messageId)! - write.y2, `write ${write.id}`).toBeGreaterThanOrEqual(DECISION_R + 3);
        }
      }
    });
  }
});
