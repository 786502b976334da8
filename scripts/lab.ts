/**
 * The crawl-policy lab (docs/methods.md §8): every policy against breadth-first in the same run, on link
 * graphs of the local web's site families, written as JSON and as an HTML report.
 *
 *   npm run lab -- [harvest|bandits|recrawl ...] [--out out/lab] [--budget 300] [--seeds 11,12,13,14,15]
 *
 * With no experiment named, all three run (~6 min on the shared dev machine; bandits take most).
 * The harvest sites include Chinese, Japanese and Arabic ones (hard form); note that the lab's
 * simulated crawl decides articles from the truth, so the page-type decision is measured by
 * scripts/bench-crawl.ts and the crawl gate (test/browser/crawl-quality-gate.test.ts) instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BANDITS, DEFAULT_HARVEST, EXPERIMENTS, runBandits, runHarvest, runRecrawlExperiment, type ExperimentName } from '../src/lab/experiments.js';
import { labHtml, type LabReport } from '../src/lab/report.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'out/lab' },
    budget: { type: 'string', default: String(DEFAULT_HARVEST.budget) },
    seeds: { type: 'string', default: DEFAULT_BANDITS.seeds.join(',') },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  process.stdout.write('npm run lab -- [harvest|bandits|recrawl ...] [--out out/lab] [--budget 300] [--seeds 11,12,13,14,15]\n');
  process.exit(0);
}
const unknown = positionals.filter((p) => !(EXPERIMENTS as readonly string[]).includes(p));
const budget = Number(values.budget);
const seeds = values.seeds.split(',').map(Number);
if (unknown.length > 0 || !Number.isInteger(budget) || budget < 1 || seeds.some((s) => !Number.isInteger(s))) {
  process.stderr.write(`lab: ${unknown.length > 0 ? `unknown experiment ${unknown.join(', ')} (use ${EXPERIMENTS.join(', ')})` : 'bad --budget or --seeds'}\n`);
  process.exit(2);
}
const chosen = (positionals.length > 0 ? positionals : [...EXPERIMENTS]) as ExperimentName[];
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const report: LabReport = { createdAt: new Date().toISOString(), command: `npm run lab -- ${process.argv.slice(2).join(' ')}`.trim() };
if (chosen.includes('harvest')) report.harvest = runHarvest({ ...DEFAULT_HARVEST, budget }, log);
if (chosen.includes('bandits')) report.bandits = runBandits({ ...DEFAULT_BANDITS, seeds }, log);
if (chosen.includes('recrawl')) report.recrawl = runRecrawlExperiment(undefined, log);

mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'lab.json'), JSON.stringify(report, null, 2));
writeFileSync(join(values.out, 'lab.html'), labHtml(report));
process.stdout.write(`${join(values.out, 'lab.json')}\n${join(values.out, 'lab.html')}\n`);
