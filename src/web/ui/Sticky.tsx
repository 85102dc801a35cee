import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';

/** Seed 000, section 9: a sticky element keeps 24 px from the edge it sticks to. */
const STICKY_PADDING = 24;

/** A bar that stays in view at the bottom of the screen while its list scrolls (a bulk action bar). */
export function StickyBar({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper
      role="region"
      aria-label={label}
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      style={{ position: 'sticky', bottom: STICKY_PADDING, zIndex: 5 }}
    >
      {children}
    </Paper>
  );
}
