// drizzle-kit configuration: `npx drizzle-kit generate` writes a new migration into drizzle/
// from src/store/schema.ts. The migrations are committed and ship with the package; the store
// applies them on open (src/store/sqlite-store.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './drizzle',
});
