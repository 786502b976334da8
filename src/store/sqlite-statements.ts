/**
 * The store's prepared statements (drizzle query builder, `sql.placeholder` parameters), built
 * once per connection: the hot paths (enqueue, claim, recordPage's inserts) skip SQL building.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import { allocationArms, badLinks, externalLinks, extractions, frontier, frontierStateCounts, internalLinks, models, pages, seeds, settings } from './schema.js';
import { READ_BATCH_ROWS } from './record.js';
import type { StoreDb } from './sqlite-open.js';

const p = sql.placeholder;

export type Statements = ReturnType<typeof prepareStatements>;

export function prepareStatements(db: StoreDb) {
  const queued = eq(frontier.state, 'queued');
  const byPriority = [desc(frontier.priority), asc(frontier.id)] as const;
  return {
    getSetting: db.select({ value: settings.value }).from(settings).where(eq(settings.key, p('key'))).prepare(),
    setSetting: db
      .insert(settings)
      .values({ key: p('key'), value: p('value') })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } })
      .prepare(),
    addSeed: db
      .insert(seeds)
      .values({ url: p('url'), site: p('site'), name: p('name'), addedAt: p('addedAt') })
      .onConflictDoNothing()
      .prepare(),
    seedByUrl: db.select().from(seeds).where(eq(seeds.url, p('url'))).prepare(),
    listSeeds: db.select().from(seeds).orderBy(asc(seeds.id)).prepare(),
    enqueue: db
      .insert(frontier)
      .values({
        url: p('url'),
        site: p('site'),
        depth: p('depth'),
        priority: p('priority'),
        foundOn: p('foundOn'),
        anchor: p('anchor'),
        context: p('context'),
        scoredWithVersion: p('scoredWithVersion'),
        enqueuedAt: p('now'),
      })
      .onConflictDoNothing()
      .prepare(),
    // A known URL found again closer to a start page keeps the smaller depth; a queued one also
    // takes the priority computed for that depth.
    lowerDepth: db
      .update(frontier)
      .set({
        depth: sql`${p('depth')}`,
        priority: sql`CASE WHEN ${frontier.state} = 'queued' THEN ${p('priority')} ELSE ${frontier.priority} END`,
        scoredWithVersion: sql`CASE WHEN ${frontier.state} = 'queued' THEN ${p('scoredWithVersion')} ELSE ${frontier.scoredWithVersion} END`,
      })
      .where(and(eq(frontier.url, p('url')), gt(frontier.depth, p('depth'))))
      .prepare(),
    // One statement, so atomic: the top claimable entry becomes in-flight as it is read.
    claim: db
      .update(frontier)
      .set({ state: 'in-flight' })
      .where(
        sql`${frontier.id} = (SELECT ${frontier.id} FROM ${frontier} WHERE ${frontier.state} = 'queued'
          AND (${frontier.notBefore} IS NULL OR ${frontier.notBefore} <= ${p('now')})
          ORDER BY ${frontier.priority} DESC, ${frontier.id} LIMIT 1)`,
      )
      .returning()
      .prepare(),
    // claimNext with excluded sites (see SqliteStore.claimNext): the head of the queue, the next
    // queued site, a site's best claimable entry, and the claim of one entry by id.
    head: db
      .select({ id: frontier.id, site: frontier.site, notBefore: frontier.notBefore })
      .from(frontier)
      .where(queued)
      .orderBy(...byPriority)
      .limit(p('limit'))
      .prepare(),
    nextSite: db
      .select({ site: frontier.site })
      .from(frontier)
      .where(and(queued, gt(frontier.site, p('after'))))
      .orderBy(asc(frontier.state), asc(frontier.site))
      .limit(1)
      .prepare(),
    bestOfSite: db
      .select({ id: frontier.id, priority: frontier.priority })
      .from(frontier)
      .where(and(queued, eq(frontier.site, p('site')), or(isNull(frontier.notBefore), lte(frontier.notBefore, p('now')))))
      .orderBy(...byPriority)
      .limit(1)
      .prepare(),
    claimById: db
      .update(frontier)
      .set({ state: 'in-flight' })
      .where(and(eq(frontier.id, p('id')), queued))
      .returning()
      .prepare(),
    requeue: db
      .update(frontier)
      .set({ state: 'queued', attempts: sql`${p('attempt')}`, notBefore: sql`${p('notBefore')}`, lastError: sql`${p('error')}` })
      .where(eq(frontier.url, p('url')))
      .prepare(),
    release: db.update(frontier).set({ state: 'queued' }).where(eq(frontier.state, 'in-flight')).prepare(),
    setPriority: db
      .update(frontier)
      .set({ priority: sql`${p('priority')}`, scoredWithVersion: sql`coalesce(${p('version')}, ${frontier.scoredWithVersion})` })
      .where(and(eq(frontier.url, p('url')), queued))
      .prepare(),
    topQueued: db.select().from(frontier).where(queued).orderBy(...byPriority).limit(p('limit')).prepare(),
    staleQueued: db
      .select()
      .from(frontier)
      .where(and(queued, or(isNull(frontier.scoredWithVersion), lt(frontier.scoredWithVersion, p('version')))))
      .orderBy(...byPriority)
      .limit(p('limit'))
      .prepare(),
    // Both read the trigger-kept counts (migration 0003), not the frontier itself.
    queuedCount: db.select({ n: frontierStateCounts.n }).from(frontierStateCounts).where(eq(frontierStateCounts.state, 'queued')).prepare(),
    // `+state` keeps the planner off the claim index (it would walk every queued row); the
    // partial not_before index holds only entries waiting for a retry.
    nextNotBefore: db
      .select({ t: min(frontier.notBefore) })
      .from(frontier)
      .where(and(isNotNull(frontier.notBefore), sql`+${frontier.state} = 'queued'`))
      .prepare(),
    entry: db.select().from(frontier).where(eq(frontier.url, p('url'))).prepare(),
    insertPage: db
      .insert(pages)
      .values({
        url: p('url'),
        finalUrl: p('finalUrl'),
        site: p('site'),
        depth: p('depth'),
        status: p('status'),
        fetchedAt: p('fetchedAt'),
        contentType: p('contentType'),
        contentHash: p('contentHash'),
        isArticle: p('isArticle'),
        errorCode: p('errorCode'),
        errorMessage: p('errorMessage'),
        durationMs: p('durationMs'),
      })
      .prepare(),
    // The fetched URL ends in 'done'/'failed' whether or not it was in the frontier before.
    markFetched: db
      .insert(frontier)
      .values({ url: p('url'), site: p('site'), depth: p('depth'), priority: 0, state: sql`${p('state')}`, lastError: p('error'), enqueuedAt: p('now') })
      .onConflictDoUpdate({
        target: frontier.url,
        set: { state: sql`excluded.state`, notBefore: null, lastError: sql`excluded.last_error` },
      })
      .prepare(),
    // A redirect target counts as fetched: a queued entry for it will not be fetched again.
    markRedirect: db
      .insert(frontier)
      .values({ url: p('url'), site: p('site'), depth: p('depth'), priority: 0, state: 'done', enqueuedAt: p('now') })
      .onConflictDoUpdate({ target: frontier.url, set: { state: 'done', notBefore: null }, setWhere: eq(frontier.state, 'queued') })
      .prepare(),
    insertInternal: db
      .insert(internalLinks)
      .values({ url: p('url'), foundOn: p('foundOn'), anchor: p('anchor'), level: p('level'), processed: p('processed') })
      .prepare(),
    insertExternal: db
      .insert(externalLinks)
      .values({ url: p('url'), foundOn: p('foundOn'), anchor: p('anchor'), context: p('context') })
      .prepare(),
    insertBad: db.insert(badLinks).values({ raw: p('raw'), foundOn: p('foundOn'), reason: p('reason') }).prepare(),
    insertExtraction: db
      .insert(extractions)
      .values({
        pageUrl: p('pageUrl'),
        title: p('title'),
        text: p('text'),
        html: p('html'),
        markdown: p('markdown'),
        metadataJson: p('metadataJson'),
        wordCount: p('wordCount'),
        contentHash: p('contentHash'),
        simhash: p('simhash'),
      })
      .prepare(),
    pagesAfter: db.select().from(pages).where(gt(pages.fetchOrder, p('after'))).orderBy(asc(pages.fetchOrder)).limit(READ_BATCH_ROWS).prepare(),
    articlesAfter: db
      .select({ page: pages, extraction: extractions })
      .from(extractions)
      .innerJoin(pages, eq(pages.url, extractions.pageUrl))
      .where(gt(pages.fetchOrder, p('after')))
      .orderBy(asc(pages.fetchOrder))
      .limit(READ_BATCH_ROWS)
      .prepare(),
    internalAfter: db.select().from(internalLinks).where(gt(internalLinks.id, p('after'))).orderBy(asc(internalLinks.id)).limit(READ_BATCH_ROWS).prepare(),
    externalAfter: db.select().from(externalLinks).where(gt(externalLinks.id, p('after'))).orderBy(asc(externalLinks.id)).limit(READ_BATCH_ROWS).prepare(),
    badAfter: db.select().from(badLinks).where(gt(badLinks.id, p('after'))).orderBy(asc(badLinks.id)).limit(READ_BATCH_ROWS).prepare(),
    frontierStates: db.select({ state: frontierStateCounts.state, n: frontierStateCounts.n }).from(frontierStateCounts).prepare(),
    countPages: db.select({ n: count() }).from(pages).prepare(),
    countArticles: db.select({ n: count() }).from(extractions).prepare(),
    countInternal: db.select({ n: count() }).from(internalLinks).prepare(),
    countExternal: db.select({ n: count() }).from(externalLinks).prepare(),
    countBad: db.select({ n: count() }).from(badLinks).prepare(),
    saveModel: db
      .insert(models)
      .values({ name: p('name'), json: p('json'), updatedAt: p('now') })
      .onConflictDoUpdate({ target: models.name, set: { json: sql`excluded.json`, updatedAt: sql`excluded.updated_at` } })
      .prepare(),
    loadModel: db.select({ json: models.json }).from(models).where(eq(models.name, p('name'))).prepare(),
    saveArm: db
      .insert(allocationArms)
      .values({
        site: p('site'),
        pulls: p('pulls'),
        rewardSum: p('rewardSum'),
        rewarded: p('rewarded'),
        rewardMax: p('rewardMax'),
        firstShareSum: p('firstShareSum'),
        exhausted: p('exhausted'),
      })
      .onConflictDoUpdate({
        target: allocationArms.site,
        set: {
          pulls: sql`excluded.pulls`,
          rewardSum: sql`excluded.reward_sum`,
          rewarded: sql`excluded.rewarded`,
          rewardMax: sql`excluded.reward_max`,
          firstShareSum: sql`excluded.first_share_sum`,
          exhausted: sql`excluded.exhausted`,
        },
      })
      .prepare(),
    loadArms: db.select().from(allocationArms).orderBy(asc(allocationArms.site)).prepare(),
  };
}
