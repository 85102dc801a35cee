// Every Mantine component's styles, for the screens behind sign-in (the shell) and the two-factor step;
// the sign-in screen loads only its own (main.tsx).
import '@mantine/core/styles.layer.css';
