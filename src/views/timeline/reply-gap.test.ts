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
import { BELIEF_DY, BELIEF_H, beliefStartX } from './label-plan';
import { DECISION_R } from './mark-spots';
import { DOT_R, DOT_ROOM, drawnHead } from './arrows';
import { REPLY_SEP, withMessages } from './message-geometry';

/** Every built-in's run laid out with its arrows at 1280 and 360 px: its id, width, trace and geometry. */
function* layouts() {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    const trace = simulate(loadBuiltIn(built.id));
    for (const width of [1280, 712, 360]) yield { id: built.id, width, trace, g: withMessages(layoutTimeline(trace, undefined, width), trace) };
  }
}

const REQUEST: Record<string, string> = { grant: 'acquire', 'keepalive-ok': 'keepalive', 'keepalive-lost': 'keepalive', 'write-reply': 'write', 'read-reply': 'read' };

describe('requests and their replies are drawn apart (every built-in scenario)', () => {
  for (const built of ALL_BUILT_IN_SCENARIOS) {
    const trace = simulate(loadBuiltIn(built.id));
    it(`${built.id}: every reply at least ${REPLY_SEP} px from its request at both ends`, () => {
      for (const width of [1280, 712, 360, 1900]) {
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
          expect(g.decisionAt.get(d.messageId)!.y - write.y2, `write ${write.id}`).toBeGreaterThanOrEqual(DECISION_R + 3);
        }
      }
    });
  }

  it(`an arrived arrowhead keeps ${DOT_ROOM} px from every other message's start dot (the "no lease" reply beside the next write's dot)`, () => {
    let checked = 0;
    for (const { id, width, g } of layouts()) {
      for (const m of g.messages) {
        if (m.bundled || m.dropped || m.waitX2 !== undefined) continue;
        const b = drawnHead(m);
        for (const o of g.messages) {
          if (o.id === m.id || o.sentAtMs > m.arriveAtMs + 5000) continue;
          // The box's nearest point to the dot's centre, then the gap to the dot's edge.
          const nx = Math.max(b.x0, Math.min(o.x1, b.x1));
          const ny = Math.max(b.y0, Math.min(o.y1, b.y1));
          const gap = Math.hypot(nx - o.x1, ny - o.y1) - DOT_R;
          if (gap < 12) checked++;
          expect(gap, `${id} @${width}: head of ${m.kind} ${m.id} and the dot of ${o.kind} ${o.id}`).toBeGreaterThanOrEqual(DOT_ROOM - 1e-6);
        }
      }
    }
    // Some heads do land near another message's dot (the check is not vacuous).
    expect(checked).toBeGreaterThan(0);
  });

  it('no arrow of a client runs along the start edge of its belief bar (the partition\'s "write 34" beside the "34" pill)', () => {
    let near = 0;
    for (const { id, width, trace, g } of layouts()) {
      for (const b of trace.beliefs) {
        const lane = g.lane(b.client)!;
        const x1 = beliefStartX(g, b, lane.top);
        const [top, bottom] = [lane.top + BELIEF_DY, lane.top + BELIEF_DY + BELIEF_H];
        for (const m of g.messages) {
          if ((m.from !== b.client && m.to !== b.client) || Math.min(m.y1, m.y2) > top || Math.max(m.y1, m.y2) < bottom) continue;
          const xs = [top, bottom].map((y) => m.x1 + ((m.x2 - m.x1) * (y - m.y1)) / (m.y2 - m.y1));
          if (Math.abs(g.x(b.startMs) - xs[0]!) < 3) near++;
          expect(Math.max(...xs) <= x1 - 3 + 1e-6 || Math.min(...xs) >= x1 + 3 - 1e-6, `${id} @${width}: ${m.kind} ${m.id} at the start of ${b.client}'s bar ${b.token}`).toBe(true);
        }
      }
    }
    expect(near).toBeGreaterThan(0);
  });
});

