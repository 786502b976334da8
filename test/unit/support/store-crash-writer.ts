// A crawl stand-in for the crash test (test/unit/store-sqlite.test.ts): opens the store at
// argv[2], resumes (releases in-flight URLs), then claims and records pages as fast as it can,
// printing each recorded page number on stdout after its transaction returned, until killed
// or until the frontier is empty. Run: node --import tsx test/unit/support/store-crash-writer.ts FILE
import { openSqliteStore } from '../../../src/store/sqlite-store.js';
import { entryFor, pageNumber, recordFor } from './store-records.js';

const path = process.argv[2];
if (!path) throw new Error('usage: store-crash-writer.ts DB_FILE');
const store = openSqliteStore(path);
store.releaseInFlight();
store.enqueue([entryFor(1, 0)]);
for (let entry = store.claimNext(); entry; entry = store.claimNext()) {
  const n = pageNumber(entry.url);
  store.recordPage(recordFor(n, entry.depth, Date.now()));
  process.stdout.write(`${n}\n`);
}
store.close();
process.stdout.write('done\n');
