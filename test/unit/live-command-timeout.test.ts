/**
 * The live steps' in-page commands spend from the page's clock (issue 24): within a budget a
 * command may take what is left of the steps' share, never less than a floor and never more
 * than the script timeout; without a budget, the script timeout.
 */
import { test, expect } from '@playwright/test';
import { commandTimeoutMs } from '../../src/render/live/prepare.js';

test('a command gets what is left of the steps\' budget, at least the floor, at most the script timeout', () => {
  expect(commandTimeoutMs(10_000, 2_000, 15_000)).toBe(8_000);
  expect(commandTimeoutMs(30_000, 2_000, 15_000)).toBe(15_000);
  expect(commandTimeoutMs(10_000, 9_900, 15_000)).toBe(500);
  expect(commandTimeoutMs(10_000, 12_000, 15_000)).toBe(500);
  expect(commandTimeoutMs(10_000, 12_000, 200)).toBe(200);
});

test('without a budget a command waits the script timeout (3 s when none is given)', () => {
  expect(commandTimeoutMs(Infinity, 5_000, 15_000)).toBe(15_000);
  expect(commandTimeoutMs(Infinity, 5_000)).toBe(3_000);
});
