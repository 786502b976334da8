import { test, expect } from '@playwright/test';
import { InputError } from '../../src/errors.js';
import { isSameSite, normalizeUrl, siteOf, valueType, vectorizeUrl, type NormalizeResult } from '../../src/url/index.js';

function url(result: NormalizeResult): string {
  if (!result.ok) throw new Error(`expected ok, got: ${result.reason}`);
  return result.url;
}

function reason(result: NormalizeResult): string {
  if (result.ok) throw new Error(`expected a refusal, got ${result.url}`);
  return result.reason;
}

test.describe('normalizeUrl', () => {
  test('lower-cases scheme and host, keeps the path case', () => {
    expect(url(normalizeUrl('HTTP://News.Example.COM/World/Story'))).toBe('http://news.example.com/World/Story');
  });

  test('drops default ports and keeps others', () => {
    expect(url(normalizeUrl('http://example.com:80/a'))).toBe('http://example.com/a');
    expect(url(normalizeUrl('https://example.com:443/a'))).toBe('https://example.com/a');
    expect(url(normalizeUrl('http://example.com:8080/a'))).toBe('http://example.com:8080/a');
  });

  test('drops the fragment and an empty query', () => {
    expect(url(normalizeUrl('http://example.com/a?#top'))).toBe('http://example.com/a');
    expect(url(normalizeUrl('http://example.com/a#top'))).toBe('http://example.com/a');
  });

  test('empty path becomes /, trailing slash kept by default and stripped on request', () => {
    expect(url(normalizeUrl('http://example.com'))).toBe('http://example.com/');
    expect(url(normalizeUrl('http://example.com/world/'))).toBe('http://example.com/world/');
    expect(url(normalizeUrl('http://example.com/world/', undefined, { trailingSlash: 'strip' }))).toBe('http://example.com/world');
    expect(url(normalizeUrl('http://example.com/', undefined, { trailingSlash: 'strip' }))).toBe('http://example.com/');
  });

  test('resolves dot segments and relative references against the base', () => {
    expect(url(normalizeUrl('http://example.com/a/./b/../c'))).toBe('http://example.com/a/c');
    expect(url(normalizeUrl('../x', 'http://example.com/a/b/c'))).toBe('http://example.com/a/x');
    expect(url(normalizeUrl('//cdn.example.com/p', 'https://example.com/'))).toBe('https://cdn.example.com/p');
  });

  test('IDN hosts in punycode, trailing host dot removed', () => {
    expect(url(normalizeUrl('https://münchen.de/x'))).toBe('https://xn--mnchen-3ya.de/x');
    expect(url(normalizeUrl('http://example.com./x'))).toBe('http://example.com/x');
  });

  test('percent escapes: unreserved decoded, others upper-cased', () => {
    expect(url(normalizeUrl('http://example.com/%7ejane/a%2fb'))).toBe('http://example.com/~jane/a%2Fb');
  });

  test('drops tracking parameters and sorts the rest by default; both can be turned off', () => {
    const messy = 'http://example.com/a?z=1&utm_source=x&b=2&fbclid=y&&gclid=z&b=1';
    expect(url(normalizeUrl(messy))).toBe('http://example.com/a?b=2&b=1&z=1');
    expect(url(normalizeUrl(messy, undefined, { sortQuery: false, dropTracking: false }))).toBe(
      'http://example.com/a?z=1&utm_source=x&b=2&fbclid=y&gclid=z&b=1',
    );
    expect(url(normalizeUrl('http://example.com/a?utm_medium=email'))).toBe('http://example.com/a');
  });

  test('whole-URL lower-casing is an option, off by default', () => {
    expect(url(normalizeUrl('http://example.com/World?Q=A'))).toBe('http://example.com/World?Q=A');
    expect(url(normalizeUrl('http://example.com/World?Q=A', undefined, { lowercase: true }))).toBe('http://example.com/world?q=a');
    expect(url(normalizeUrl('http://example.com/A%2fB', undefined, { lowercase: true }))).toBe('http://example.com/a%2Fb');
  });

  test('refuses schemes that are not crawlable, with the scheme in the reason', () => {
    for (const [href, scheme] of [
      ['javascript:void(0)', 'javascript:'],
      ['mailto:desk@example.com', 'mailto:'],
      ['file:///etc/passwd', 'file:'],
      ['data:text/html,hi', 'data:'],
      ['tel:+123', 'tel:'],
      ['ftp://example.com/x', 'ftp:'],
    ] as const) {
      expect(reason(normalizeUrl(href, 'http://example.com/'))).toBe(`scheme ${scheme} is not crawlable`);
    }
  });

  test('refuses malformed and empty input with a reason, never throws', () => {
    expect(reason(normalizeUrl('http://exa mple.com/'))).toMatch(/^malformed URL/);
    expect(reason(normalizeUrl('http://'))).toMatch(/^malformed URL/);
    expect(reason(normalizeUrl('/relative/path'))).toMatch(/^relative URL without a base/);
    expect(reason(normalizeUrl('   '))).toBe('empty URL');
    expect(reason(normalizeUrl(`http://example.com/${'a'.repeat(3000)}`))).toMatch(/longer than 2048/);
  });

  test('is idempotent', () => {
    for (const raw of ['HTTP://A.com:80/x/./y/?b=2&a=1#f', 'https://münchen.de', 'http://example.com/%7e?utm_x=1']) {
      const once = url(normalizeUrl(raw));
      expect(url(normalizeUrl(once))).toBe(once);
    }
  });
});

test.describe('siteOf / isSameSite', () => {
  test('the registrable domain, through the public-suffix list', () => {
    expect(siteOf('http://edition.cnn.com/x')).toBe('cnn.com');
    expect(siteOf('https://www.bbc.co.uk/news')).toBe('bbc.co.uk');
    expect(siteOf('https://alice.github.io/')).toBe('alice.github.io');
    expect(siteOf('not a url')).toBeNull();
  });

  test('hosts without a registrable domain are a site per host and port', () => {
    expect(siteOf('http://127.0.0.1:8081/a')).toBe('127.0.0.1:8081');
    expect(isSameSite('http://127.0.0.1:8081/a', 'http://127.0.0.1:8082/a')).toBe(false);
    expect(isSameSite('http://localhost:8081/a', 'http://localhost:8081/b')).toBe(true);
  });

  test('subdomains of one site are the same site; other domains are not', () => {
    expect(isSameSite('http://edition.cnn.com/', 'https://money.cnn.com/x')).toBe(true);
    expect(isSameSite('http://cnn.com/', 'http://cnn.co.uk/')).toBe(false);
    expect(isSameSite('garbage', 'garbage')).toBe(false);
  });
});

test.describe('vectorizeUrl', () => {
  test('reproduces the worked example of docs/methods.md §6 (the CNN URL)', () => {
    const v = vectorizeUrl('http://edition.cnn.com//2014/06/06/sport/football/world-cup-franck-ribery-injured-france/index.html?hpt=isp_c2');
    expect(v.host).toEqual({ sub: 'edition', main: 'cnn', host: 'edition.cnn.com' });
    expect(v.directories).toEqual([
      { value: '2014/06/06', type: 'digital' },
      { value: 'sport', type: 'string' },
      { value: 'football', type: 'string' },
      { value: 'world-cup-franck-ribery-injured-france', type: 'string' },
    ]);
    expect(v.file).toEqual({ dotPrefix: 'index', dotSuffix: 'html', hasDot: 'yes', name: 'index.html', endingType: 'string', hasQuery: 'yes' });
  });

  test('value types: digital, string, mix', () => {
    expect(valueType('2014')).toBe('digital');
    expect(valueType('2014-06-06')).toBe('digital');
    expect(valueType('sport')).toBe('string');
    expect(valueType('world-cup')).toBe('string');
    expect(valueType('a48213')).toBe('mix');
    expect(valueType('')).toBe('string');
  });

  test('merges year/month[/day] runs, also with month names, and leaves a lone year alone', () => {
    const dirs = (u: string) => vectorizeUrl(u).directories;
    expect(dirs('http://x.com/2014/06/story/')).toEqual([
      { value: '2014/06', type: 'digital' },
      { value: 'story', type: 'string' },
    ]);
    expect(dirs('http://x.com/2014/jun/06/story/')[0]).toEqual({ value: '2014/jun/06', type: 'digital' });
    expect(dirs('http://x.com/2014/sport/a')).toEqual([
      { value: '2014', type: 'digital' },
      { value: 'sport', type: 'string' },
    ]);
    expect(dirs('http://x.com/2014-06-06/a')).toEqual([{ value: '2014-06-06', type: 'digital' }]);
    // 13 is no month and 4521 no year: no merge
    expect(dirs('http://x.com/2014/13/06/a').map((d) => d.value)).toEqual(['2014', '13', '06']);
    expect(dirs('http://x.com/4521/06/06/a').map((d) => d.value)).toEqual(['4521', '06', '06']);
  });

  test('a date that ends the path is a directory, not a file name', () => {
    const v = vectorizeUrl('http://x.com/2014/06/06');
    expect(v.directories).toEqual([{ value: '2014/06/06', type: 'digital' }]);
    expect(v.file.name).toBe('');
    expect(vectorizeUrl('http://x.com/2014/06').directories).toEqual([{ value: '2014/06', type: 'digital' }]);
  });

  test('a URL ending in / has an empty file name with ending type none', () => {
    const v = vectorizeUrl('http://x.com/world/some-story/?page=2');
    expect(v.directories.map((d) => d.value)).toEqual(['world', 'some-story']);
    expect(v.file).toEqual({ dotPrefix: '0', dotSuffix: '0', hasDot: 'no', name: '', endingType: 'none', hasQuery: 'yes' });
  });

  test('a file name without a dot has prefix and suffix 0; the last dot splits otherwise', () => {
    expect(vectorizeUrl('http://x.com/world/48213').file).toEqual({
      dotPrefix: '0',
      dotSuffix: '0',
      hasDot: 'no',
      name: '48213',
      endingType: 'digital',
      hasQuery: 'no',
    });
    const f = vectorizeUrl('http://x.com/js/jquery.min.js').file;
    expect([f.dotPrefix, f.dotSuffix, f.endingType]).toEqual(['jquery.min', 'js', 'string']);
  });

  test('hosts without a registrable domain: sub empty, main the host, host with its port', () => {
    expect(vectorizeUrl('http://127.0.0.1:8081/a').host).toEqual({ sub: '', main: '127.0.0.1', host: '127.0.0.1:8081' });
    expect(vectorizeUrl('https://www.bbc.co.uk/news/').host).toEqual({ sub: 'www', main: 'bbc', host: 'www.bbc.co.uk' });
  });

  test('segments are percent-decoded', () => {
    expect(vectorizeUrl('http://x.com/caf%C3%A9/a').directories[0]?.value).toBe('café');
  });

  test('throws InputError for something that is not an absolute URL', () => {
    expect(() => vectorizeUrl('not a url')).toThrow(InputError);
  });
});
