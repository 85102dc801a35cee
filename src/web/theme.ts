import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

/**
 * Mantine's defaults, with every text colour readable at WCAG AA (4.5:1): white on the primary blue
 * (shade 8, 5.0:1 rather than shade 6's 3.6:1), and dimmed text and placeholders on white, on striped
 * rows and on the dark scheme's surfaces (Mantine's own greys measure 2.1:1 to 4.0:1).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Someone who asks their system for less motion gets modals, menus and notifications without it.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    // A screen reader announces the close button of every modal and drawer by this name. Written as
    // plain settings (what `Modal.extend` returns): importing Modal here would put it, and the
    // floating-ui it brings, on the sign-in screen.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A loader is a span: its name ("Loading") is only allowed, and only announced, with a role.
    Loader: { defaultProps: { role: 'status' } },
    // A status badge is read whole: in a narrow table column it widens the column rather than
    // shortening "Offered" to "OFFE…".
    Badge: { defaultProps: { maw: 'none', miw: 'max-content' } },
  },
});

/**
 * The bright hues' badges and filled buttons: Mantine's text on their light tint (2.7:1 for yellow to
 * 4.3:1 for teal) and white on their filled shade (2.5:1 to 4.4:1) are darkened a third, to 4.8:1 or more.
 */
const brightHues = ['red', 'orange', 'yellow', 'lime', 'green', 'teal', 'cyan'] as const;
const readableFilled = Object.fromEntries(
  brightHues.map((hue) => [`--mantine-color-${hue}-filled`, darken(DEFAULT_THEME.colors[hue][8], 0.3)]),
);
const readableTint = Object.fromEntries(
  brightHues.map((hue) => [`--mantine-color-${hue}-light-color`, darken(DEFAULT_THEME.colors[hue][9], 0.3)]),
);

export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#666e76',
    '--mantine-color-placeholder': '#666e76',
    ...readableFilled,
    ...readableTint,
  },
  dark: { '--mantine-color-dimmed': '#b8b8b8', '--mantine-color-placeholder': '#a6a7ab', ...readableFilled },
});
