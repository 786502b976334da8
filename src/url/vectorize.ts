/**
 * URL vectorisation (docs/methods.md §6 a-1). A URL is split into its server name, its directories and its
 * file name, each turned into a small vector of strings that formula (1) compares:
 *
 *   http://edition.cnn.com//2014/06/06/sport/football/world-cup-x/index.html?hpt=isp_c2
 *   host  → { sub: "edition", main: "cnn", host: "edition.cnn.com" }
 *   dirs  → { "2014/06/06", digital } { sport, string } { football, string } { world-cup-x, string }
 *   file  → { index, html, yes, index.html, string, yes }
 *
 * Decisions the patent leaves open, taken here:
 * - Sub/main domain come from the public-suffix list (`splitHost`); hosts without a
 *   registrable domain (IPs, `localhost`) have sub `''` and main = the host name. The third
 *   dimension is the host with its port when the port is not the default (`127.0.0.1:8081`), so
 *   two local sites on one address differ there.
 * - Empty segments (`//`) are skipped, as in the patent's example (`cnn.com//2014`).
 * - Segments are percent-decoded (so `caf%C3%A9` is compared as `café`); the query is not part
 *   of any dimension except `hasQuery`, as in the patent.
 * - Value types: `digital` = has a digit and no letter (separators such as `-` `/` `_` allowed,
 *   so `2014-06-06` is digital); `string` = no digit; `mix` = letters and digits.
 * - Date rule (`DATE_PARTS`): a year directory (1900–2099) followed by a month (1–12, or an
 *   English month name/abbreviation) and optionally a day (1–31) merges into one directory
 *   `{ "2014/06/06", digital }` (also `2014/06`, `2014/jun/06`); merged dates are always
 *   `digital`. A year alone stays a directory of its own. A date written in one segment
 *   (`2014-06-06`, `20140606`) is already one directory. When the last segment (no dot)
 *   completes a date run (`/2014/06/06` without the trailing slash), it joins the date directory
 *   and the file name is empty: a date is never a file name.
 * - File name = what follows the last `/`. A URL ending in `/` has an empty file name:
 *   `{ "0", "0", no, "", none, hasQuery }` — ending type `none` is a value of its own, so two
 *   directory-style URLs agree on it and differ from URLs with a file. Prefix and suffix split
 *   at the last dot (`jquery.min.js` → `jquery.min`, `js`); without a dot both are "0" (docs/methods.md §6 a-1).
 *   The ending type is the type of the suffix when there is a dot, else of the whole name.
 */
import { InputError } from '../errors.js';
import { splitHost } from './normalize.js';

export type ValueType = 'string' | 'digital' | 'mix';
export type FileEndingType = ValueType | 'none';
export type YesNo = 'yes' | 'no';

export interface HostVector {
  sub: string;
  main: string;
  host: string;
}

export interface DirectoryVector {
  value: string;
  type: ValueType;
}

export interface FileVector {
  dotPrefix: string;
  dotSuffix: string;
  hasDot: YesNo;
  name: string;
  endingType: FileEndingType;
  hasQuery: YesNo;
}

/** A URL's vectors, computed once and reused for every comparison. Plain JSON. */
export interface UrlVector {
  url: string;
  host: HostVector;
  directories: DirectoryVector[];
  file: FileVector;
  /** The raw query without `?` (`''` when none); used by the article cues, not by formula (1). */
  query: string;
}

/** Value of a file-vector prefix/suffix when the name has no dot (docs/methods.md §6). */
export const NO_DOT = '0';

/**
 * What a date directory looks like. Years are limited to 1900–2099 so that numeric ids such as
 * `/4521/` are not taken for years; month names cover the `2014/jun/06` style of some papers.
 */
export const DATE_PARTS = {
  year: /^(19|20)\d\d$/,
  month: /^(0?[1-9]|1[0-2]|jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?)$/i,
  day: /^(0?[1-9]|[12]\d|3[01])$/,
} as const;

const HAS_DIGIT = /\p{Nd}/u;
const HAS_LETTER = /\p{L}/u;

/** `digital`, `string` or `mix` (see the module comment). */
export function valueType(value: string): ValueType {
  const digit = HAS_DIGIT.test(value);
  if (!digit) return 'string';
  return HAS_LETTER.test(value) ? 'mix' : 'digital';
}

/**
 * Vectorises an absolute http(s) URL (normally the output of `normalizeUrl`).
 * @throws InputError (`input-invalid-url`) when `url` does not parse.
 */
export function vectorizeUrl(url: string): UrlVector {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new InputError('input-invalid-url', `cannot vectorise ${url}: not an absolute URL`, { cause });
  }
  const hostname = parsed.hostname.replace(/(?<!\.)\.+$/, '');
  const parts = splitHost(hostname);
  const host: HostVector = { sub: parts.sub, main: parts.main, host: parsed.port === '' ? hostname : `${hostname}:${parsed.port}` };

  const segments = parsed.pathname.split('/').slice(1).map(decodeSegment);
  let fileName = segments.pop() ?? '';
  const dirValues = segments.filter((segment) => segment !== '');
  const directories = mergeDates(dirValues);

  // A last segment that completes a date run is a directory, not a file (module comment).
  const last = directories[directories.length - 1];
  if (fileName !== '' && !fileName.includes('.') && last !== undefined && completesDate(last, dirValues, fileName)) {
    directories[directories.length - 1] = { value: `${last.value}/${fileName}`, type: 'digital' };
    fileName = '';
  }

  const query = parsed.search.startsWith('?') ? parsed.search.slice(1) : parsed.search;
  return { url, host, directories, file: fileVector(fileName, query !== ''), query };
}

/** Merges runs year/month[/day] into one `digital` directory. */
function mergeDates(values: string[]): DirectoryVector[] {
  const out: DirectoryVector[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as string;
    const month = values[i + 1];
    if (DATE_PARTS.year.test(value) && month !== undefined && DATE_PARTS.month.test(month)) {
      const day = values[i + 2];
      if (day !== undefined && DATE_PARTS.day.test(day)) {
        out.push({ value: `${value}/${month}/${day}`, type: 'digital' });
        i += 2;
      } else {
        out.push({ value: `${value}/${month}`, type: 'digital' });
        i += 1;
      }
    } else {
      out.push({ value, type: valueType(value) });
    }
  }
  return out;
}

/** Whether `next` extends the merged date directory `last` (year → month, or year/month → day). */
function completesDate(last: DirectoryVector, dirValues: string[], next: string): boolean {
  const parts = last.value.split('/');
  // Only a merged date (or a lone year) that ends the directory list can be extended.
  const tail = dirValues.slice(-parts.length).join('/');
  if (tail !== last.value) return false;
  if (parts.length === 1) return DATE_PARTS.year.test(parts[0] as string) && DATE_PARTS.month.test(next);
  if (parts.length === 2) return DATE_PARTS.year.test(parts[0] as string) && DATE_PARTS.day.test(next);
  return false;
}

function fileVector(name: string, hasQuery: boolean): FileVector {
  const query: YesNo = hasQuery ? 'yes' : 'no';
  if (name === '') return { dotPrefix: NO_DOT, dotSuffix: NO_DOT, hasDot: 'no', name: '', endingType: 'none', hasQuery: query };
  const dot = name.lastIndexOf('.');
  if (dot === -1) return { dotPrefix: NO_DOT, dotSuffix: NO_DOT, hasDot: 'no', name, endingType: valueType(name), hasQuery: query };
  const dotSuffix = name.slice(dot + 1);
  return { dotPrefix: name.slice(0, dot), dotSuffix, hasDot: 'yes', name, endingType: valueType(dotSuffix), hasQuery: query };
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
