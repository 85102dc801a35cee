import { describe, expect, it } from 'vitest';
import { parallaxApplies, PARALLAX_MIN_ASPECT } from './useParallax';

describe('parallax (seed 000, section 9)', () => {
  it('applies from an aspect ratio of 1.69, not below', () => {
    expect(PARALLAX_MIN_ASPECT).toBe(1.69);
    expect(parallaxApplies(1690, 1000)).toBe(true);
    expect(parallaxApplies(1920, 1080)).toBe(true);
    expect(parallaxApplies(1680, 1000)).toBe(false);
    expect(parallaxApplies(375, 812)).toBe(false);
    expect(parallaxApplies(1000, 0)).toBe(false);
  });
});
