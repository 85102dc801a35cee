import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';

/**
 * Seed 000, section 2: the header floats (stays fixed at the top) once the page is scrolled past its
 * height, and has a shadow once the page is scrolled at all. Before that it scrolls with the page.
 */
export function FloatingHeader({ height, children }: { height: number; children: ReactNode }) {
  const [{ y }] = useWindowScroll();
  const scrolled = y > 0;
  const floating = y > height;
  return (
    <AppShell.Header
      className="floating-header"
      data-scrolled={scrolled || undefined}
      data-floating={floating || undefined}
      style={{
        position: floating ? 'fixed' : 'absolute',
        boxShadow: scrolled ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      {children}
    </AppShell.Header>
  );
}
