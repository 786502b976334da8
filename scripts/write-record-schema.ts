/**
 * Writes schema/record.schema.json from the record's zod schema (src/record/schema.ts), the
 * single source. `npm run schema`; test/unit/record.test.ts fails when the file is out of date.
 */
import { answerHelp } from './help.js';
import { writeFileSync } from 'node:fs';
import { recordJsonSchema } from '../src/record/schema.js';

answerHelp(import.meta.url);

const path = new URL('../schema/record.schema.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(recordJsonSchema(), null, 2)}\n`);
process.stderr.write(`wrote ${path.pathname}\n`);
