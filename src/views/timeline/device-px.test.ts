/**
 * What follows the playhead is placed on whole device pixels, and a layer is written only when its
 * place changes (`devicePx`, `setTranslateX`; issue 44: a move of a fifth of a pixel a frame cost a
 * whole frame's update).
 */
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createLabStore } from '../../store/store';
import { devicePx, setTranslateX } from './playhead-hooks';

describe('devicePx', () => {
  const playing = createLabStore();
  playing.setState({ playing: true });

  it('while playing, rounds to the nearest device pixel for the ratio given', () => {
    expect(devicePx(playing, 10.2, 1)).toBe(10);
    expect(devicePx(playing, 10.6, 1)).toBe(11);
    expect(devicePx(playing, 10.2, 2)).toBe(10);
    expect(devicePx(playing, 10.3, 2)).toBe(10.5);
    expect(devicePx(playing, 10.74, 2)).toBe(10.5);
    expect(devicePx(playing, -3.3, 1)).toBe(-3);
  });

  it('paused, is exact: a paused picture breaks the playhead\'s line around what lies at its time', () => {
    const paused = createLabStore();
    expect(devicePx(paused, 10.3, 1)).toBe(10.3);
    expect(devicePx(paused, 10.74, 2)).toBe(10.74);
  });

  it('moves a slow playhead on only every few frames: a fifth of a pixel a frame changes the place once in five', () => {
    const places = Array.from({ length: 50 }, (_, frame) => devicePx(playing, 100 + frame * 0.2, 1));
    const changes = places.filter((x, i) => i > 0 && x !== places[i - 1]).length;
    expect(changes).toBe(10);
  });
});

describe('setTranslateX', () => {
  it('writes the transform when the place changes, and nothing when it is the one last written', () => {
    const el = document.createElement('div');
    setTranslateX(el, 12);
    expect(el.style.transform).toBe('translateX(12px)');
    // Something else changed it: the same place again is not written (it was the last one written).
    el.style.transform = 'none';
    setTranslateX(el, 12);
    expect(el.style.transform).toBe('none');
    setTranslateX(el, 13);
    expect(el.style.transform).toBe('translateX(13px)');
  });

  it('does nothing without an element', () => {
    expect(() => setTranslateX(null, 5)).not.toThrow();
  });
});
