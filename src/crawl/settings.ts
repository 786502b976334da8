/**
 * A crawl's options as recorded in the store at its first run (`settings` table), so that
 * running the same command again resumes the same crawl. Pure.
 *
 * - Scope and policy (seeds, allowed domains, max depth, policy, examples) are fixed at the
 *   first run: a re-run that names different ones is refused (`ConfigError`), since mixing
 *   them would make the stored frontier and the learned state mean something else. New seeds
 *   may be added on a re-run (the scope grows by their sites).
 * - Budgets and pace (max pages, max time, concurrency, delay, user agent) may change between
 *   runs: a value given on the command line wins and is recorded; one not given comes from the
 *   record.
 */
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { POLICY_NAMES, type PolicyName } from '../frontier/index.js';
import { ALLOCATION_RULES, DEFAULT_ALLOCATION_STEP, type AllocationRule } from './allocate.js';

export const CRAWL_SETTINGS_KEY = 'crawl.options';

export interface CrawlSettings {
  seeds: string[];
  examples: string[];
  allowDomains: string[];
  maxDepth: number;
  policy: PolicyName;
  maxPages: number | null;
  maxTimeSec: number | null;
  concurrency: number;
  perSiteConcurrency: number;
  delayMs: number;
  userAgent: string;
  robots: boolean;
  /** Bandit allocation of the budget across the seeds' sites (null: none). */
  allocate: AllocationRule | null;
  allocateStep: number;
  reward: 'articles' | 'external-links';
  /** Learn a body model per site and consult it once stable (`--site-models`). */
  siteModels?: boolean;
}

const schema = z.object({
  seeds: z.array(z.string()),
  examples: z.array(z.string()),
  allowDomains: z.array(z.string()),
  maxDepth: z.number().int().nonnegative(),
  policy: z.enum(POLICY_NAMES as [PolicyName, ...PolicyName[]]),
  maxPages: z.number().int().positive().nullable(),
  maxTimeSec: z.number().positive().nullable(),
  concurrency: z.number().int().positive(),
  perSiteConcurrency: z.number().int().positive(),
  delayMs: z.number().int().nonnegative(),
  userAgent: z.string().min(1),
  robots: z.boolean(),
  // Absent from crawls recorded before allocation existed.
  allocate: z.enum(ALLOCATION_RULES as [AllocationRule, ...AllocationRule[]]).nullable().default(null),
  allocateStep: z.number().int().positive().default(DEFAULT_ALLOCATION_STEP),
  reward: z.enum(['articles', 'external-links']).default('articles'),
  // Absent from crawls recorded before per-site models existed.
  siteModels: z.boolean().optional(),
});

/** Options fixed at the first run. */
const FIXED: ReadonlyArray<keyof CrawlSettings> = ['allowDomains', 'maxDepth', 'policy', 'examples', 'allocate', 'allocateStep', 'reward'];

export function parseSettings(json: string): CrawlSettings {
  const parsed = schema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new ConfigError(`The crawl settings stored in this database are unreadable:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The settings of this run: `given` holds the defaults and command-line values, `explicit` the
 * names of those the user typed. Without a record, `given` is the record.
 */
export function mergeSettings(stored: CrawlSettings | undefined, given: CrawlSettings, explicit: ReadonlySet<keyof CrawlSettings>): CrawlSettings {
  if (stored === undefined) {
    if (given.seeds.length === 0) throw new ConfigError('No seed URL: give one or more start URLs (a new crawl has none recorded).');
    return given;
  }
  for (const key of FIXED) {
    if (!explicit.has(key)) continue;
    if (JSON.stringify(stored[key]) !== JSON.stringify(given[key])) {
      throw new ConfigError(
        `This database holds a crawl started with --${flagName(key)} ${JSON.stringify(stored[key])}; a resumed crawl keeps it (use another --db for a different crawl).`,
      );
    }
  }
  const merged: CrawlSettings = { ...stored, seeds: [...new Set([...stored.seeds, ...given.seeds])] };
  for (const key of ['maxPages', 'maxTimeSec', 'concurrency', 'perSiteConcurrency', 'delayMs', 'userAgent', 'robots', 'siteModels'] as const) {
    if (explicit.has(key)) (merged as unknown as Record<string, unknown>)[key] = given[key];
  }
  return merged;
}

function flagName(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace('allow-domains', 'allow-domain');
}
