/** Seed 000, section 9: a button's ripple is removed 1500 ms after the press that drew it. */
const RIPPLE_MS = 1500;

const PRESSABLE = '.mantine-Button-root, .mantine-ActionIcon-root';

/**
 * Draws a ripple from the point where a button is pressed, on every button of the app: one listener on
 * the document, so no screen adds anything. Nothing is drawn for people who ask for reduced motion.
 */
export function installRipple(root: Document = document) {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  root.addEventListener('pointerdown', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>(PRESSABLE);
    if (!button || reduced.matches || button.matches(':disabled, [data-disabled]')) return;
    const box = button.getBoundingClientRect();
    const size = Math.max(box.width, box.height) * 2;
    const ripple = root.createElement('span');
    ripple.className = 'ripple';
    ripple.setAttribute('aria-hidden', 'true');
    Object.assign(ripple.style, {
      width: `${size}px`,
      height: `${size}px`,
      left: `${event.clientX - box.left - size / 2}px`,
      top: `${event.clientY - box.top - size / 2}px`,
    });
    button.append(ripple);
    setTimeout(() => ripple.remove(), RIPPLE_MS);
  });
}
