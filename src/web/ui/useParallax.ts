import { useState } from 'react';
import { useReducedMotion, useViewportSize, useWindowEvent } from '@mantine/hooks';

/** Seed 000, section 9: the parallax effect applies when the window is at least 1.69 times as wide as tall. */
export const PARALLAX_MIN_ASPECT = 1.69;

export const parallaxApplies = (width: number, height: number) => height > 0 && width / height >= PARALLAX_MIN_ASPECT;

/**
 * How far a decorative layer moves against the pointer, up to `depth` px each way: on wide windows
 * only, and never for people who ask for reduced motion.
 */
export function useParallax(depth = 16): { x: number; y: number } {
  const { width, height } = useViewportSize();
  const reduced = useReducedMotion();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const applies = !reduced && parallaxApplies(width, height);
  useWindowEvent('pointermove', (event) => {
    if (applies) setOffset({ x: (0.5 - event.clientX / width) * depth, y: (0.5 - event.clientY / height) * depth });
  });
  return applies ? offset : { x: 0, y: 0 };
}
