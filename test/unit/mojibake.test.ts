/**
 * UTF-8 misread as Latin-1 or Windows-1252 put back (src/text/mojibake.ts), and text that only
 * looks like it left alone.
 */
import { test, expect } from '@playwright/test';
import { repairMojibake } from '../../src/text/mojibake.js';

/** What a tool that decoded UTF-8 bytes one by one as Latin-1 (or Windows-1252) made of a text. */
const misread = (text: string, cp1252 = false): string => {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder(cp1252 ? 'windows-1252' : 'latin1').decode(bytes);
};

test('UTF-8 read as Latin-1 (C1 controls) or as Windows-1252 ("â€™", "Ã©") is read again as UTF-8', () => {
  for (const written of ['A DIY Investor’s Guide', 'itertools — Functions', 'Café society, naïve résumé', 'Привет, мир', '新闻 — 北京', '“Quoted” … and more']) {
    expect(repairMojibake(misread(written))).toBe(written);
    expect(repairMojibake(misread(written, true))).toBe(written);
  }
});

test('text written in Latin-1 stays as it is, even where a pair of its characters is valid UTF-8', () => {
  for (const written of ['Café', 'Der Fuß“ und', 'CAFÉ’S MENU', '£5 off, © 2008, 20 °C', 'SÃO PAULO', 'plain ASCII', 'naïve « quoted »']) {
    expect(repairMojibake(written)).toBe(written);
  }
});

test('only the misread runs change; the rest of the text is kept as it is', () => {
  expect(repairMojibake(`Café — ${misread('l’été')} — ™`)).toBe('Café — l’été — ™');
});

test('linear on a long run of suspect characters', () => {
  const long = 'Ã'.repeat(200_000) + '©';
  const started = performance.now();
  expect(repairMojibake(long)).toBe(long);
  expect(performance.now() - started).toBeLessThan(2000);
});
