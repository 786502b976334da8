import { test, expect } from '@playwright/test';
import { chooseSite, createAllocation, markExhausted, recordReward, totalReward, type AllocationState } from '../../src/crawl/allocate.js';
import { ConfigError } from '../../src/errors.js';
import { computeHits, HitsPolicy, SEED_PRIORITY } from '../../src/frontier/index.js';
import { attainableValue, informationValue, ScentScheduler } from '../../src/recrawl/scent.js';

/** HITS, bandit allocation and the S.C.E.N.T. scheduler: the pure cores of docs/methods.md §7. */

test.describe('HITS', () => {
  test('a page two hubs point at is the top authority; the page pointing at most authorities is the top hub', () => {
    const edges = new Map<string, string[]>([
      ['h1', ['a', 'b', 'c']],
      ['h2', ['a', 'b']],
      ['x', ['c']],
    ]);
    const { authority, hub } = computeHits(edges, 20);
    const topAuthority = [...authority].sort((p, q) => q[1] - p[1])[0]![0];
    const topHub = [...hub].sort((p, q) => q[1] - p[1])[0]![0];
    expect(['a', 'b']).toContain(topAuthority);
    expect(topHub).toBe('h1');
    // L2-normalised.
    expect([...authority.values()].reduce((s, v) => s + v * v, 0)).toBeCloseTo(1, 9);
    expect([...hub.values()].reduce((s, v) => s + v * v, 0)).toBeCloseTo(1, 9);
    expect(authority.get('h1')).toBe(0);
  });

  test('relevance moves the hubs: the page linking to relevant pages wins', () => {
    const edges = new Map<string, string[]>([
      ['on', ['t1', 't2']],
      ['off', ['o1', 'o2', 'o3']],
    ]);
    const plain = computeHits(edges, 20).hub;
    expect(plain.get('off')!).toBeGreaterThan(plain.get('on')!);
    const focused = computeHits(edges, 20, (url) => (url.startsWith('t') ? 1 : 0.05)).hub;
    expect(focused.get('on')!).toBeGreaterThan(focused.get('off')!);
  });

  test('the policy expands the links of the pages whose links were targets', () => {
    const policy = new HitsPolicy({ rerunEvery: 1 });
    expect(policy.score({ url: 'home', site: 's', depth: 0 })).toBe(SEED_PRIORITY);
    policy.observeLinks('home', ['hubA', 'hubB']);
    policy.onPage('home', 's', false);
    policy.observeLinks('hubA', ['a1', 'a2', 'a3', 'nextA']);
    policy.onPage('hubA', 's', false);
    policy.observeLinks('hubB', ['b1', 'b2', 'b3', 'nextB']);
    policy.onPage('hubB', 's', false);
    for (const url of ['a1', 'a2']) {
      policy.observeLinks(url, []);
      policy.onPage(url, 's', true);
    }
    for (const url of ['b1', 'b2']) {
      policy.observeLinks(url, []);
      policy.onPage(url, 's', false);
    }
    const score = (url: string): number => policy.score({ url, site: 's', depth: 2 });
    expect(score('a3')).toBeGreaterThan(score('b3'));
    expect(score('nextA')).toBeGreaterThan(score('nextB'));
    // State survives a save and load.
    const copy = new HitsPolicy();
    copy.loadState(policy.saveState()!);
    expect(copy.score({ url: 'a3', site: 's', depth: 2 })).toBeCloseTo(score('a3'), 9);
  });

  test('the window bounds the graph', () => {
    const policy = new HitsPolicy({ windowPages: 3, rerunEvery: 1000 });
    for (let i = 0; i < 10; i++) {
      policy.observeLinks(`p${i}`, [`p${i + 1}`]);
      policy.onPage(`p${i}`, 's', true);
    }
    expect(JSON.parse(policy.saveState()!).pages.map((p: { url: string }) => p.url)).toEqual(['p7', 'p8', 'p9']);
  });
});

/** Sites with a fixed reward per page (by page index), as the lab's families. */
function run(state: AllocationState, rewards: Record<string, number[]>): number {
  const next: Record<string, number> = {};
  for (;;) {
    const site = chooseSite(state);
    if (site === undefined) break;
    const i = next[site] ?? 0;
    const list = rewards[site]!;
    if (i >= list.length) {
      markExhausted(state, site);
      continue;
    }
    next[site] = i + 1;
    recordReward(state, site, list[i]!);
  }
  return totalReward(state);
}

test.describe('bandit allocation', () => {
  const rewards = { good: Array(100).fill(3), poor: Array(100).fill(0), late: [0, 0, 0, 0, 0, 0, ...Array(94).fill(5)] };

  test('R1 gives every site ⌊N/K⌋ pages and the remainder to the best', () => {
    const state = createAllocation('r1', Object.keys(rewards), { budget: 31 });
    run(state, rewards);
    expect(state.arms.map((a) => a.pulls)).toEqual([11, 10, 10]);
  });

  test('R2 keeps giving blocks to the best mean and never returns to a site whose first pages were poor', () => {
    const state = createAllocation('r2', Object.keys(rewards), { budget: 60, step: 5 });
    const total = run(state, rewards);
    const pulls = Object.fromEntries(state.arms.map((a) => [a.site, a.pulls]));
    expect(pulls).toEqual({ good: 50, poor: 5, late: 5 });
    expect(total).toBe(150);
  });

  test('R3 explores: the late site gets pages after its poor start', () => {
    const state = createAllocation('r3', Object.keys(rewards), { budget: 150, step: 3 });
    run(state, rewards);
    const late = state.arms.find((a) => a.site === 'late')!;
    expect(late.pulls).toBeGreaterThan(10);
    expect(state.arms.find((a) => a.site === 'poor')!.pulls).toBeLessThan(late.pulls);
  });

  test('an exhausted site gives its pages to the others; the budget is spent exactly', () => {
    const state = createAllocation('r1', ['small', 'big'], { budget: 40 });
    run(state, { small: [1, 1, 1], big: Array(100).fill(1) });
    expect(state.arms.map((a) => a.pulls)).toEqual([3, 37]);
  });

  test('nonsense is a usage error before anything is fetched', () => {
    expect(() => createAllocation('r4', ['a'], { budget: 10 })).toThrow(ConfigError);
    expect(() => createAllocation('r2', ['a', 'b'], { budget: 10, step: 6 })).toThrow(/more than the page budget/);
    expect(() => createAllocation('r3', ['a', 'b'], { budget: 1 })).toThrow(ConfigError);
    expect(() => createAllocation('r3', ['a'], { budget: 10, step: 0 })).toThrow(ConfigError);
  });
});

test.describe('S.C.E.N.T.', () => {
  test('a checked page halves its scent and gains log(changed + 1); every page gains ΔS per round', () => {
    const scheduler = new ScentScheduler({ deltaS: 2, initialScent: 10, overheadMs: 1, timePerUnitMs: 0, roundTimeMs: 1 });
    scheduler.add('a');
    scheduler.add('b');
    expect(scheduler.nextRound()).toEqual(['a']);
    scheduler.checked('a', { size: 100, changedSize: 0 });
    expect(scheduler.page('a')!.scent).toBe(5);
    scheduler.checked('b', { size: 100, changedSize: 20 });
    expect(scheduler.page('b')!.scent).toBeCloseTo(5 + Math.log(21), 12);
    scheduler.endRound();
    expect(scheduler.page('a')!.scent).toBe(7);
  });

  test('with ΔS = 0 a page that never changes stops being checked; a changing one keeps its place', () => {
    const scheduler = new ScentScheduler({ deltaS: 0, initialScent: 10, overheadMs: 1, timePerUnitMs: 0, roundTimeMs: 1 });
    scheduler.add('static');
    scheduler.add('live');
    const checks = { static: 0, live: 0 };
    for (let round = 0; round < 40; round++) {
      for (const url of scheduler.nextRound()) {
        checks[url as keyof typeof checks]++;
        scheduler.checked(url, { size: 1000, changedSize: url === 'live' ? 50 : 0 });
      }
      scheduler.endRound();
    }
    expect(checks.static).toBeLessThan(5);
    expect(checks.live).toBeGreaterThan(35);
  });

  test('the round is bounded by A·size + B', () => {
    const scheduler = new ScentScheduler({ overheadMs: 100, timePerUnitMs: 1, roundTimeMs: 500 });
    for (const url of ['a', 'b', 'c', 'd']) scheduler.add(url, 100);
    expect(scheduler.nextRound()).toHaveLength(2);
  });

  test('information value: all held is the attainable maximum; stale content costs', () => {
    const current = new Map([['x', 100], ['y', 50]]);
    expect(informationValue(current, current)).toBeCloseTo(attainableValue(current), 12);
    expect(informationValue(new Map([['x', 100], ['z', 80]]), current)).toBeLessThan(attainableValue(current));
  });

  test('a negative ΔS is a usage error', () => {
    expect(() => new ScentScheduler({ deltaS: -1 })).toThrow(ConfigError);
  });
});
