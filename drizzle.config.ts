import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration to server/drizzle from the schema; commit both together.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/drizzle',
});
