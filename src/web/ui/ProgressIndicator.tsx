import { Progress } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** Seed 000, section 9: the progress indicator shows for 1000 ms, so a quick call does not flicker it. */
const PROGRESS_MS = 1000;

/**
 * A thin bar along the top of the screen while the app talks to the server, and 1000 ms after. Still,
 * not striped and moving: it is on screen often (live lists refresh every few seconds), and an endless
 * animation distracts and keeps the browser repainting.
 */
export function ProgressIndicator() {
  const busy = useIsFetching() + useIsMutating() > 0;
  // Shown at once when a call starts; gone only once no call has run for PROGRESS_MS.
  const [recent] = useDebouncedValue(busy, PROGRESS_MS, { leading: true });
  if (!busy && !recent) return null;
  return <Progress className="progress-indicator" value={100} size={3} radius={0} aria-label="Loading" />;
}
