import { Affix, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/** Seed 000, section 9: back to top takes 1000 ms. */
const BACK_TO_TOP_MS = 1000;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls the window to the top over exactly `duration` ms, ending at 0 whatever the frame rate. */
function scrollToTop(duration = BACK_TO_TOP_MS) {
  const from = window.scrollY;
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / duration);
    window.scrollTo(0, Math.round(from * (1 - easeInOut(t))));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Appears once the page is scrolled down; scrolls smoothly back to the top. */
export function BackToTop() {
  const [scroll] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > 400}>
        {(styles) => (
          <Button
            className="back-to-top"
            leftSection={<IconArrowUp size={16} />}
            style={styles}
            radius="xl"
            onClick={() => scrollToTop()}
          >
            Back to top
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
