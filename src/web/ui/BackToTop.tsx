import { useEffect } from 'react';
import { Affix, Button, Transition } from '@mantine/core';
import { useScrollIntoView, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/** Seed 000, section 9: back to top takes 1000 ms. */
export const BACK_TO_TOP_MS = 1000;

/** Appears once the page is scrolled a screen down; scrolls smoothly back to the top. */
export function BackToTop() {
  const [scroll] = useWindowScroll();
  const { scrollIntoView, targetRef } = useScrollIntoView<HTMLDivElement>({ duration: BACK_TO_TOP_MS });
  useEffect(() => {
    // The target is the very top of the page, outside any layout.
    const top = document.createElement('div');
    top.style.cssText = 'position:absolute;top:0;left:0;height:0;width:0';
    document.body.prepend(top);
    targetRef.current = top;
    return () => top.remove();
  }, [targetRef]);
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > 400}>
        {(styles) => (
          <Button className="back-to-top" leftSection={<IconArrowUp size={16} />} style={styles} radius="xl" onClick={() => scrollIntoView({ alignment: 'start' })}>
            Back to top
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
