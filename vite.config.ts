import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server answers screens itself and hands the API to the Fastify server
// (`PORT=3000 npx tsx src/server/main.ts`), so cookies stay on one origin.
const api = process.env.FORECOURT_API ?? 'http://localhost:3000';

/** A sign-in step (declared in a `*.signin.screens.ts`) is named after its screen: `LeadLogin`. */
function signInStep(id: string, ctx: { getModuleInfo(id: string): { dynamicImporters: readonly string[] } | null }) {
  const step = ctx.getModuleInfo(id)?.dynamicImporters.some((importer) => /\.signin\.screens\.ts$/.test(importer));
  return step ? id.replace(/^.*[\\/]|\.tsx?$/g, '') : null;
}

/**
 * How the app is cut into files (decision 041). Left alone, Rolldown makes one file of every set of
 * modules that the same screens share, so each Mantine component, icon and kit file used by a few
 * screens was a file of its own and a cold screen cost about a hundred requests. Each group below
 * takes the modules it matches (`tags`, `test` or a `name` function) and everything they import
 * that a group before it has not taken (`includeDependenciesRecursively`, on by default), so every
 * group is a whole that imports only the groups before it, and runs its modules in their import
 * order. The rest (a screen's own code, and what a few screens share beyond the kit) stays with
 * Rolldown's automatic splitting.
 */
const chunkGroups = [
  // What the sign-in screen runs before its step loads: one file, the entry.
  { name: 'index', tags: ['$initial' as const], priority: 100 },
  // The sign-in steps, in the order staff meet them, each with what it needs beyond the entry: the
  // password step first, so that it carries nothing the later steps need (zod, the phone library).
  { name: 'UserLogin', test: /src[\\/]modules[\\/]users[\\/]UserLogin\.tsx$/, priority: 95 },
  { name: 'TwoFactorCheck', test: /src[\\/]modules[\\/]users[\\/]TwoFactorCheck\.tsx$/, priority: 94 },
  { name: signInStep, debugName: 'other sign-in steps', priority: 90 },
  // The shell, every screen's route, menu entry and icon, and what they import: every screen after
  // sign-in loads them.
  { name: 'Shell', test: /src[\\/]web[\\/](shell[\\/]Shell|shellRoutes)\.tsx$/, priority: 80 },
  // The UI kit (lists, record forms and pages, pickers, modals) and the Mantine components it uses:
  // nearly every screen needs it, and the shell fetches it once the page is idle.
  { name: 'kit', test: /src[\\/]web[\\/](ui|options)[\\/]/, priority: 70 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The server's CSP allows only same-origin scripts; a source map stays next to each chunk.
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': { target: api },
    },
  },
});
