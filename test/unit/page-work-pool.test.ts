import { test, expect } from '@playwright/test';
import { PageWorkPool } from '../../src/page-work/index.js';

/**
 * When the page-work pool starts its threads. Each thread loads every module of the extraction
 * (about a second of CPU on a slow 2-core machine): `ready()` starts one, so that a single page's
 * `extract` does not pay for a second one while the main thread loads Playwright; the others
 * start as soon as tasks wait for them.
 */

test('ready() starts one thread; a second starts when two tasks are in flight at once', async () => {
  const pool = new PageWorkPool({ size: 2 });
  try {
    await pool.ready();
    expect(pool.threadCount).toBe(1);
    // One task at a time is served by the thread already running.
    await pool.run({ kind: 'heap' }, { label: 'heap', deadlineMs: 10_000 });
    expect(pool.threadCount).toBe(1);
    // Two at once: the second waits for a thread, and the pool starts one for it.
    const both = await Promise.all([1, 2].map(() => pool.run({ kind: 'heap' }, { label: 'heap', deadlineMs: 10_000 })));
    expect(both).toHaveLength(2);
    expect(pool.threadCount).toBe(2);
    expect(pool.health.started).toBe(2);
  } finally {
    await pool.close();
  }
});

test('ready({ all: true }) starts every thread at once', async () => {
  const pool = new PageWorkPool({ size: 3 });
  try {
    await pool.ready({ all: true });
    expect(pool.threadCount).toBe(3);
  } finally {
    await pool.close();
  }
});

test('the pool never starts more threads than its size, however many tasks wait', async () => {
  const pool = new PageWorkPool({ size: 2 });
  try {
    await Promise.all(Array.from({ length: 8 }, () => pool.run({ kind: 'heap' }, { label: 'heap', deadlineMs: 10_000 })));
    expect(pool.health.started).toBeLessThanOrEqual(2);
    expect(pool.threadCount).toBeLessThanOrEqual(2);
  } finally {
    await pool.close();
  }
});
