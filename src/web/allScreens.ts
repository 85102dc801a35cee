import type { ScreenDefinition } from './screens';

/** Every module's screens, found by their file name: adding a module's screens touches no file here. */
export const screens: ScreenDefinition[] = Object.values(
  import.meta.glob<ScreenDefinition[]>('../modules/*/*.screens.ts', { eager: true, import: 'default' }),
).flat();
