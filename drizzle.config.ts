import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table: the platform's and each module's own `<area>.db.ts`.
  schema: ['./src/server/platform/platform.db.ts', './src/server/jobs/jobs.db.ts', './src/modules/*/*.db.ts'],
  out: './drizzle',
});
