/**
 * Which author a page's sources agree on (src/extract/metadata.ts, metadata-authors.ts): the
 * declared names that are no byline (a twitter handle, the publisher's own name), and bylines
 * the page shows in the places and shapes WCXB-dev's misses had them. Each test is one rule.
 */
import { test, expect } from '@playwright/test';
import { readMetadata } from '../../src/extract/metadata.js';
import type { SnapshotMeta } from '../../src/types.js';
import { p, snapshot } from './support/snapshot-builder.js';

function metaOf(meta: Partial<SnapshotMeta>, bodyText = 'Some English body text.') {
  return readMetadata(snapshot([p(bodyText)], { meta }), bodyText);
}

test.describe('declared authors', () => {
  test('twitter:creator is a handle, not a byline: no author from it alone', () => {
    expect(metaOf({ metaTags: [{ key: 'twitter:creator', content: '@cassidoo' }] }).authors).toEqual([]);
  });

  test('an author meta key whose only value is a URL gives way to the next key that names someone', () => {
    const m = metaOf({
      metaTags: [
        { key: 'article:author', content: 'https://www.facebook.com/thespruceeats/' },
        { key: 'sailthru.author', content: 'Donna Currie' },
      ],
    });
    expect(m.authors).toEqual(['Donna Currie']);
  });
});
