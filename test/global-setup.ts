// The suite's global setup: a PostgreSQL server for the store tests (test/support/pg-server.ts).
import { ensurePgServer } from './support/pg-server.js';

export default async function globalSetup(): Promise<() => void> {
  return ensurePgServer();
}
