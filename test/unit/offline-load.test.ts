/**
 * The load plan of saved pages (src/render/offline-load.ts): what is served and which document
 * request gets the saved bytes. That nothing else reaches the network is tested in a browser
 * (test/browser/render-offline.test.ts), against a local server that counts what it is asked.
 */
import { test, expect } from '@playwright/test';
import { documentDecision, offlineLoadPlan } from '../../src/render/offline-load.js';

test('the plan serves the saved bytes as they are, with the content type Chromium needs', () => {
  const bytes = Buffer.from('<p>caf\u00e9</p>', 'utf8');
  const plan = offlineLoadPlan(bytes);
  expect(Buffer.from(plan.bodyBase64, 'base64').equals(bytes)).toBe(true);
  expect(plan.responseHeaders).toEqual([{ name: 'content-type', value: 'text/html; charset=utf-8' }]);
  expect(offlineLoadPlan(Buffer.from('<p>plain</p>')).responseHeaders[0]!.value).toBe('text/html');
  expect(offlineLoadPlan(Buffer.from([0x3c, 0x70, 0x3e, 0xe9])).responseHeaders[0]!.value).toBe('text/html');
  expect(plan.waitUntil).toBe('load');
});

test('the first top-level document after arming is served; later top-level ones stay on it; frames and strays are refused', () => {
  const main = { frameId: 'M', mainFrameId: 'M' };
  const frame = { frameId: 'F', mainFrameId: 'M' };
  expect(documentDecision({ armed: true, served: false }, main)).toBe('serve');
  expect(documentDecision({ armed: true, served: false }, frame)).toBe('refuse');
  // A later navigation of the served page (meta refresh) is answered 204: the page stays.
  expect(documentDecision({ armed: true, served: true }, main)).toBe('stay');
  expect(documentDecision({ armed: false, served: false }, main)).toBe('refuse');
});
