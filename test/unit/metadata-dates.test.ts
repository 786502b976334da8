/**
 * Which publication date a page's sources agree on (src/extract/metadata.ts): JSON-LD first, then
 * meta, unless the two name different days and only meta's is the one the page shows.
 */
import { test, expect } from '@playwright/test';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { readMetadata } from '../../src/extract/metadata.js';
import { dateInText, inOffset, offsetOf } from '../../src/extract/metadata-dates.js';
import type { SnapshotMeta } from '../../src/types.js';
import { el, p, snapshot, text, type Spec } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';

function publishedWith(byline: Spec[], meta: Partial<SnapshotMeta>): [string | null, string | null] {
  const r = extractFromSnapshot(newsPage({ article: [...byline, ...paragraphs(5)], meta }));
  if (r.kind !== 'article') throw new Error('no article');
  return [r.article.publishedAt, r.article.publishedAtSource];
}

const OLD_LD = JSON.stringify({ '@type': 'NewsArticle', headline: 'H', datePublished: '2018-04-03T16:50:31Z' });
const NEW_META = { key: 'article:published_time', content: '2025-12-19T18:06:00Z' };

test.describe('JSON-LD and meta disagree on the day', () => {
  test('the one the page shows wins', () => {
    const shown = [el('div', { class: 'meta' }, [el('time', { datetime: '2025-12-19' }, [text('19 December 2025')])])];
    expect(publishedWith(shown, { jsonLd: [OLD_LD], metaTags: [NEW_META] })).toEqual(['2025-12-19T18:06:00Z', 'meta']);
  });

  test('with no date shown, or the JSON-LD one shown, JSON-LD wins as before', () => {
    expect(publishedWith([], { jsonLd: [OLD_LD], metaTags: [NEW_META] })).toEqual(['2018-04-03T16:50:31Z', 'json-ld']);
    const shownOld = [el('div', { class: 'meta' }, [el('time', { datetime: '2018-04-03' }, [text('3 April 2018')])])];
    expect(publishedWith(shownOld, { jsonLd: [OLD_LD], metaTags: [NEW_META] })).toEqual(['2018-04-03T16:50:31Z', 'json-ld']);
  });
});

test.describe('date forms and fields', () => {
  test('a day-first date with an ordinal suffix: "30th March 2025, 16:26", "1st May 2024"', () => {
    expect(dateInText('30th March 2025, 16:26')).toBe('2025-03-30');
    expect(dateInText('Posted 1st May 2024')).toBe('2024-05-01');
  });

  test("the C library's form, time and zone between the day and the year (Mailman's archives): \"Mon Aug 13 09:41:07 BST 2007\"", () => {
    expect(dateInText('Mon Aug 13 09:41:07 BST 2007')).toBe('2007-08-13');
    expect(dateInText('Posted on Tue Feb 5 23:01 2008')).toBe('2008-02-05');
    // A time with no year after it is no date; nor a year that cannot follow.
    expect(dateInText('Aug 13 09:41:07 and then some')).toBeNull();
    expect(dateInText('Feb 30 09:41:07 UTC 2007')).toBeNull();
  });

  test('a dashed date reads as a slashed one: month first in English ("08-13-2007, 09:41 AM", vBulletin\'s US form), day first on a page in another language or where only that reads', () => {
    expect(dateInText('08-13-2007, 09:41 AM')).toBe('2007-08-13');
    expect(dateInText('05-08-2007')).toBe('2007-05-08');
    expect(dateInText('05-08-2007', { slashDayFirst: true })).toBe('2007-08-05');
    expect(dateInText('25-08-2007')).toBe('2007-08-25');
    expect(dateInText('16.05.2024')).toBe('2024-05-16');
    expect(dateInText('05.08.2007')).toBe('2007-08-05');
    expect(dateInText('13-13-2007')).toBeNull();
  });

  test('Spanish and Portuguese days with "de" ("18 de septiembre de 2008"), and a month between dashes ("18-Sep-2008")', () => {
    expect(dateInText('18 de septiembre de 2008')).toBe('2008-09-18');
    expect(dateInText('quinta-feira, 18 de setembro de 2008')).toBe('2008-09-18');
    expect(dateInText('18-Sep-2008')).toBe('2008-09-18');
    expect(dateInText('18/Sep/2008:10:12:00')).toBe('2008-09-18');
    // The marks around the month must match, and "de" before no month is no date.
    expect(dateInText('18-Sep/2008')).toBeNull();
    expect(dateInText('18 de 2008')).toBeNull();
  });

  test('a date in slashes reads day first on a page not in English ("12/11/2009" in Spanish), month first in English unless it cannot', () => {
    expect(dateInText('Redacción | Valdeolmos | 12/11/2009 - 09:47', { slashDayFirst: true })).toBe('2009-11-12');
    expect(dateInText('12/11/2009')).toBe('2009-12-11');
    expect(dateInText('25/11/2009')).toBe('2009-11-25');
    // Day first cannot read "11/25/2009": it stays month first.
    expect(dateInText('11/25/2009', { slashDayFirst: true })).toBe('2009-11-25');
    // The page's language is its text's (the identifier, when loaded) or its <html lang>: both agree here.
    const spanish = [
      'El pleno del Ayuntamiento aprobó ayer por unanimidad el plan de recuperación de la ribera del río, que prevé una inversión de dos millones de euros en los próximos cuatro años.',
      'El proyecto contempla la retirada de más de cuarenta toneladas de escombros acumulados durante décadas en las orillas, así como la plantación de chopos y fresnos.',
      'La alcaldesa explicó que la primera fase comenzará en primavera y se centrará en el tramo urbano, entre el puente viejo y la antigua fábrica de harinas.',
      'Los grupos de la oposición apoyaron la iniciativa, aunque pidieron que se garantice el mantenimiento una vez terminadas las obras del sendero.',
    ].map((t) => p(t));
    const dated = (lang: string): string | null => {
      const r = extractFromSnapshot(newsPage({ article: [p('Redacción | 12/11/2009 - 09:47', { fontSizePx: 13 }), ...(lang === 'es' ? spanish : paragraphs(5))], meta: { lang } }));
      if (r.kind !== 'article') throw new Error('no article');
      return r.article.publishedAt?.slice(0, 10) ?? null;
    };
    expect(dated('es')).toBe('2009-11-12');
    expect(dated('en')).toBe('2009-12-11');
  });

  test('Hindi and Thai months, whose words carry vowel signs, and the Thai Buddhist-era year ("20 พ.ย. 2567" is 20 November 2024)', () => {
    for (const text of ['अपडेटेड: 20 नवंबर 2024, 04:45 PM IST', '20 नवम्बर 2024', '20 พฤศจิกายน 2567', '20 พ.ย. 2567 เวลา 14:20 น.']) {
      expect(dateInText(text), text).toBe('2024-11-20');
    }
    // A Buddhist-era year is read so only beside a Thai month.
    expect(dateInText('20 November 2567')).toBeNull();
  });

  test('digits of other scripts are numbers: an Arabic-Indic or Devanagari dateline is read', () => {
    expect(dateInText('نشر في: ٢٠ نوفمبر ٢٠٢٤ - ١٤:٣٠')).toBe('2024-11-20');
    expect(dateInText('२० नवंबर २०२४')).toBe('2024-11-20');
    expect(dateInText('٢٠٢٤/١١/٢٠')).toBe('2024-11-20');
  });

  test('a Persian dateline in the Solar Hijri calendar is the Gregorian day it names ("۱۰ آذر ۱۴۰۳" is 30 November 2024)', () => {
    for (const text of ['۱۰ آذر ۱۴۰۳', 'تاریخ انتشار: ۱۴۰۳/۰۹/۱۰ - ۱۰:۳۰', 'شنبه ۱۰ آذر ۱۴۰۳ ساعت ۱۰:۳۰']) expect(dateInText(text), text).toBe('2024-11-30');
    // The year's first day (Nowruz) and the last day of a leap year.
    expect(dateInText('۱ فروردین ۱۴۰۳')).toBe('2024-03-20');
    expect(dateInText('۳۰ اسفند ۱۴۰۳')).toBe('2025-03-20');
    // No 31st in the seventh month; a Solar Hijri year only beside its months or in Persian digits.
    expect(dateInText('۳۱ مهر ۱۴۰۳')).toBeNull();
    expect(dateInText('1403/09/10')).toBeNull();
    // The Levant's Arabic name of March is not the Persian ninth month.
    expect(dateInText('18 آذار 2008')).toBe('2008-03-18');
  });

  test("Urdu's and Persian's names of the Gregorian months", () => {
    for (const text of ['20 نومبر 2024', '۲۰ نوامبر ۲۰۲۴', 'بدھ، 20 نومبر 2024']) expect(dateInText(text), text).toBe('2024-11-20');
    expect(dateInText('5 مئی 2024')).toBe('2024-05-05');
    expect(dateInText('۱ مه ۲۰۲۴')).toBe('2024-05-01');
  });

  test('month names of more languages, a Korean date and "the 18th of September"', () => {
    for (const text of ['18 Eylül 2008', '18. syyskuuta 2008', '18 σεπτεμβρίου 2008', '18 ספטמבר 2008', '18 سبتمبر 2008', '18 أيلول 2008', '18 вересня 2008', '18. září 2008', '18 septembrie 2008', '2008년 9월 18일', 'the 18th of September, 2008']) {
      expect(dateInText(text), text).toBe('2008-09-18');
    }
  });

  test('meta published-date / publication_date name the publication day', () => {
    for (const key of ['published-date', 'published_date', 'publication_date', 'publication-date']) {
      const m = readMetadata(snapshot([p('Body.')], { meta: { metaTags: [{ key, content: '2021-02-16' }] } }), 'Body.');
      expect([m.publishedAt, m.publishedAtSource]).toEqual(['2021-02-16', 'meta']);
    }
  });
});

test.describe("a date declared in UTC, given in the site's own offset", () => {
  test('the same instant in another offset; a day, or a value not in UTC, as it is', () => {
    expect(inOffset('2025-12-18T23:25:38Z', 300)).toBe('2025-12-19T04:25:38+05:00');
    expect(inOffset('2025-12-19T02:41:41Z', -300)).toBe('2025-12-18T21:41:41-05:00');
    expect(inOffset('2020-03-10T15:30:00Z', 330)).toBe('2020-03-10T21:00:00+05:30');
    expect(inOffset('2025-12-19', 300)).toBe('2025-12-19');
    expect(inOffset('2025-12-19T04:25:38+05:00', -300)).toBe('2025-12-19T04:25:38+05:00');
    expect(offsetOf('2025-12-19T04:25:38+0500')).toBe(300);
    expect(offsetOf('2025-12-18T21:46:01-05:00')).toBe(-300);
    expect(offsetOf('2025-12-18T23:25:38+00:00')).toBe(0);
    expect(offsetOf('2025-12-18')).toBeNull();
  });

  test("the page's <time> elements name one offset: the declared UTC date is given in it, on the day the page shows", () => {
    const ld = JSON.stringify({ '@type': 'NewsArticle', headline: 'H', datePublished: '2025-12-19T02:41:41+00:00' });
    const shown = [el('div', { class: 'meta' }, [el('time', { datetime: '2025-12-18T21:41:41-05:00' }, [text('December 18, 2025, 9:41 pm')])])];
    expect(publishedWith(shown, { jsonLd: [ld] })).toEqual(['2025-12-18T21:41:41-05:00', 'json-ld']);
    // Offsets that disagree name no site's offset: the date stays in UTC.
    const mixed = [...shown, el('p', [el('time', { datetime: '2025-12-17T10:00:00+01:00' }, [text('17 December')])])];
    expect(publishedWith(mixed, { jsonLd: [ld] })).toEqual(['2025-12-19T02:41:41Z', 'json-ld']);
    // No offset shown: as declared.
    expect(publishedWith([], { jsonLd: [ld] })).toEqual(['2025-12-19T02:41:41Z', 'json-ld']);
  });
});
