import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTROL_NAMES, parseDisplayParams } from './params';

describe('parseDisplayParams', () => {
  it('gives the defaults for an empty query', () => {
    const { params, notices } = parseDisplayParams('');
    expect(params).toMatchObject({ embed: false, view: 'timeline', theme: 'auto', autoplay: false, lang: undefined, instance: 'fencing-lab' });
    expect([...params.controls]).toEqual([...CONTROL_NAMES]);
    expect(notices).toEqual([]);
  });

  it('reads every valid parameter', () => {
    const { params, notices } = parseDisplayParams('?embed=1&view=both&theme=dark&controls=playback,scrubber&autoplay=true&lang=de&instance=week-3');
    expect(params).toMatchObject({ embed: true, view: 'both', theme: 'dark', autoplay: true, lang: 'de', instance: 'week-3' });
    expect([...params.controls]).toEqual(['playback', 'scrubber']);
    expect(notices).toEqual([]);
  });

  it('reports malformed values by name and falls back to defaults', () => {
    const { params, notices } = parseDisplayParams('?theme=blue&view=slides&embed=yes');
    expect(params.theme).toBe('auto');
    expect(params.view).toBe('timeline');
    expect(params.embed).toBe(false);
    expect(notices).toEqual([
      'embed: expected 0 or 1, got "yes"; ignored',
      'view: expected timeline, quiz, both or lesson, got "slides"; ignored',
      'theme: expected light, dark or auto, got "blue"; ignored',
    ]);
  });

  it('reports unknown parameters and unknown controls', () => {
    const { params, notices } = parseDisplayParams('?foo=1&controls=playback,teleport');
    expect([...params.controls]).toEqual(['playback']);
    expect(notices[0]).toBe('controls: unknown control "teleport"; expected all, none or some of playback, scrubber, speed, interventions, scenarios, share');
    expect(notices[1]).toBe('"foo" is not a Fencing Lab parameter; ignored (a link\'s settings: scenario, t, quiet, view, theme, controls, autoplay, embed, further, lang, instance)');
  });

  it('accepts controls=none and controls=all', () => {
    expect(parseDisplayParams('?controls=none').params.controls.size).toBe(0);
    expect(parseDisplayParams('?controls=all').params.controls.size).toBe(CONTROL_NAMES.length);
  });

  it('never throws on any query string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => parseDisplayParams(s)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

describe('further=1 (issue 16)', () => {
  it('is off by default and on with further=1, with no notice', () => {
    expect(parseDisplayParams('?embed=1').params.further).toBe(false);
    const r = parseDisplayParams('?embed=1&further=1');
    expect(r.params.further).toBe(true);
    expect(r.notices).toEqual([]);
    expect(parseDisplayParams('?further=yes').notices[0]).toMatch(/further: expected 0 or 1/);
  });
});
