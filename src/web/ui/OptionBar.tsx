import type { ReactNode } from 'react';
import { Paper, Transition } from '@mantine/core';

/** Seed 000, section 9: the option bar animates for 400 ms. */
const OPTION_BAR_MS = 400;

/** A bar of options that slides open and closed, e.g. the search filters on a phone. */
export function OptionBar({ opened, children }: { opened: boolean; children: ReactNode }) {
  return (
    <Transition mounted={opened} transition="scale-y" duration={OPTION_BAR_MS} timingFunction="ease">
      {(styles) => (
        <Paper className="option-bar" withBorder p="sm" radius="md" style={{ ...styles, transformOrigin: 'top' }}>
          {children}
        </Paper>
      )}
    </Transition>
  );
}
