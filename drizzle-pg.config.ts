// drizzle-kit configuration for the PostgreSQL store: `npx drizzle-kit generate --config
// drizzle-pg.config.ts` writes a new migration into drizzle-pg/ from src/store/pg/schema-pg.ts.
// Committed and shipped like drizzle/; the store applies them on open (src/store/pg/pg-ops.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/pg/schema-pg.ts',
  out: './drizzle-pg',
});
