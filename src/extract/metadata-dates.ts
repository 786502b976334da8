/**
 * Dates for the metadata stage, normalised to one ISO 8601 form:
 * - a day alone stays `YYYY-MM-DD`;
 * - a date and time with a zone becomes `YYYY-MM-DDTHH:MM:SS±HH:MM` (`Z` for UTC), in the zone the
 *   page wrote (so the day stays the page's day);
 * - a date and time without a zone becomes the day alone (no zone is invented).
 *
 * Values come from machine fields (JSON-LD, meta, `<time datetime>`), from the URL (/2024/05/14/)
 * and from visible datelines ("Published 14 May 2024, 06:00", "Sep 4, 2024", "16.05.2024",
 * "23 апреля 2024", "2024年07月18日", "٢٠ نوفمبر ٢٠٢٤", the Solar Hijri "۱۰ آذر ۱۴۰۳"). Visible text is read as a list of tokens in one pass
 * (runs of letters, runs of digits, single marks); no pattern runs over a whole text, and every
 * input is cut to MAX_DATE_TEXT characters first. Pure.
 */

/** Characters of one candidate text looked at (a dateline is short). */
export const MAX_DATE_TEXT = 300;
/** Years outside this range are not publication dates (version numbers, prices, ids). */
const MIN_YEAR = 1990;
const MAX_YEAR = 2099;

/**
 * Month names, lower case, in the languages of news pages (en, de, fr, es, it, pt, nl, the
 * Scandinavian languages, ru and uk with their genitive forms, pl, cs, ro, hu, tr, fi (partitive),
 * el (genitive), ar (the Egyptian and Gulf names and the Levant's one-word ones), he, id, ur, fa
 * (the Gregorian months; the Solar Hijri ones are SOLAR_HIJRI_MONTHS), hi, th):
 * name → month number. Abbreviations with and without a
 * final dot are matched as tokens (the dot is a separate token).
 */
const MONTHS: ReadonlyMap<string, number> = (() => {
  const table: Array<[number, string[]]> = [
    [1, ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'janeiro', 'januari', 'январь', 'января', 'янв', 'stycznia', 'styczeń', 'ocak', 'tammikuuta', 'ιανουαρίου', 'يناير', 'ינואר', 'січня', 'ledna', 'ianuarie', 'januarie', 'január']],
    [2, ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero', 'febbraio', 'fevereiro', 'fev', 'februari', 'февраль', 'февраля', 'фев', 'lutego', 'luty', 'şubat', 'subat', 'helmikuuta', 'φεβρουαρίου', 'فبراير', 'شباط', 'פברואר', 'лютого', 'února', 'unora', 'februarie', 'február', 'pebrero']],
    [3, ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo', 'março', 'marco', 'maart', 'mrt', 'март', 'марта', 'мар', 'marca', 'marzec', 'mart', 'maaliskuuta', 'μαρτίου', 'مارس', 'آذار', 'מרץ', 'березня', 'března', 'brezna', 'martie', 'március', 'maret']],
    [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'апрель', 'апреля', 'апр', 'kwietnia', 'kwiecień', 'nisan', 'huhtikuuta', 'απριλίου', 'أبريل', 'ابريل', 'نيسان', 'אפריל', 'квітня', 'dubna', 'aprilie', 'április']],
    [5, ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei', 'май', 'мая', 'maja', 'maj', 'mayıs', 'mayis', 'toukokuuta', 'μαΐου', 'μαίου', 'مايو', 'أيار', 'מאי', 'травня', 'května', 'kvetna', 'május']],
    [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'июнь', 'июня', 'июн', 'czerwca', 'czerwiec', 'haziran', 'kesäkuuta', 'ιουνίου', 'يونيو', 'حزيران', 'יוני', 'червня', 'června', 'cervna', 'iunie', 'június']],
    [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'июль', 'июля', 'июл', 'lipca', 'lipiec', 'temmuz', 'heinäkuuta', 'ιουλίου', 'يوليو', 'تموز', 'יולי', 'липня', 'července', 'cervence', 'iulie', 'július']],
    [8, ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus', 'август', 'августа', 'авг', 'sierpnia', 'sierpień', 'ağustos', 'agustos', 'elokuuta', 'αυγούστου', 'أغسطس', 'آب', 'אוגוסט', 'серпня', 'srpna', 'augusztus', 'agustus']],
    [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'setembro', 'сентябрь', 'сентября', 'сен', 'сент', 'września', 'wrzesień', 'eylül', 'eylul', 'syyskuuta', 'σεπτεμβρίου', 'سبتمبر', 'أيلول', 'ספטמבר', 'вересня', 'září', 'zari', 'septembrie', 'szeptember']],
    [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'октябрь', 'октября', 'окт', 'października', 'październik', 'ekim', 'lokakuuta', 'οκτωβρίου', 'أكتوبر', 'اكتوبر', 'אוקטובר', 'жовтня', 'října', 'rijna', 'octombrie', 'október']],
    [11, ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'ноябрь', 'ноября', 'ноя', 'listopada', 'listopad', 'kasım', 'kasim', 'marraskuuta', 'νοεμβρίου', 'نوفمبر', 'נובמבר', 'листопада', 'listopadu', 'noiembrie']],
    [12, ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre', 'dezembro', 'декабрь', 'декабря', 'дек', 'grudnia', 'grudzień', 'aralık', 'aralik', 'joulukuuta', 'δεκεμβρίου', 'ديسمبر', 'דצמבר', 'грудня', 'prosince', 'decembrie', 'desember', 'desemba']],
  ];
  // Urdu's and Persian's names of the Gregorian months (Pakistani papers; Iranian ones for dates
  // abroad), which Arabic letters spell otherwise than Arabic's.
  const urdu = [['جنوری'], ['فروری'], ['مارچ'], ['اپریل'], ['مئی'], ['جون'], ['جولائی'], ['اگست'], ['ستمبر'], ['اکتوبر'], ['نومبر'], ['دسمبر']];
  const persianGregorian = [['ژانویه'], ['فوریه'], ['مارس'], ['آوریل'], ['مه'], ['ژوئن'], ['ژوئیه'], ['اوت'], ['سپتامبر'], ['اکتبر'], ['نوامبر'], ['دسامبر']];
  // Hindi (both spellings where two are common) and Thai, whose words carry combining marks.
  const hindi = [['जनवरी'], ['फ़रवरी', 'फरवरी'], ['मार्च'], ['अप्रैल'], ['मई'], ['जून'], ['जुलाई'], ['अगस्त'], ['सितंबर', 'सितम्बर'], ['अक्टूबर', 'अक्तूबर'], ['नवंबर', 'नवम्बर'], ['दिसंबर', 'दिसम्बर']];
  const thai = ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'];
  const map = new Map<string, number>();
  for (const [month, names] of table) for (const name of names) map.set(name, month);
  for (const names of [urdu, persianGregorian, hindi]) names.forEach((spellings, i) => spellings.forEach((name) => map.set(name.normalize('NFKC'), i + 1)));
  thai.forEach((name, i) => map.set(name, i + 1));
  return map;
})();

/**
 * Thai months are mostly written short, with dots inside ("20 พ.ย. 2567"): each is read as the
 * month's full name before the text is split into tokens.
 */
const THAI_MONTH_ABBREVIATIONS: ReadonlyArray<[string, string]> = [
  ['ม.ค.', 'มกราคม'], ['ก.พ.', 'กุมภาพันธ์'], ['มี.ค.', 'มีนาคม'], ['เม.ย.', 'เมษายน'], ['พ.ค.', 'พฤษภาคม'], ['มิ.ย.', 'มิถุนายน'],
  ['ก.ค.', 'กรกฎาคม'], ['ส.ค.', 'สิงหาคม'], ['ก.ย.', 'กันยายน'], ['ต.ค.', 'ตุลาคม'], ['พ.ย.', 'พฤศจิกายน'], ['ธ.ค.', 'ธันวาคม'],
];
const THAI = /[\u0e00-\u0e7f]/u;
/** Thai pages count years in the Buddhist era: 2567 BE is 2024 CE. */
const BUDDHIST_ERA_OFFSET = 543;

/**
 * Iranian and Afghan pages date in the Solar Hijri calendar, in its month names ("۱۰ آذر ۱۴۰۳")
 * or in numbers, year first ("۱۴۰۳/۰۹/۱۰"), mostly in Persian digits. Its months, in order (both
 * spellings of the fifth); its years a page may print as publication dates.
 */
const SOLAR_HIJRI_MONTHS: ReadonlyMap<string, number> = new Map(
  [['فروردین'], ['اردیبهشت'], ['خرداد'], ['تیر'], ['مرداد', 'امرداد'], ['شهریور'], ['مهر'], ['آبان'], ['آذر'], ['دی'], ['بهمن'], ['اسفند']].flatMap((names, i) =>
    names.map((name) => [name.normalize('NFKC'), i + 1] as const),
  ),
);
const SOLAR_HIJRI_YEARS = { min: 1369, max: 1478 } as const;

/**
 * The zero of each script's decimal digits that news pages print dates in (a digit's value is
 * its distance from its zero): Arabic-Indic (Egypt, the Gulf), Persian, Devanagari, Bengali, Thai,
 * Lao, Burmese, Khmer. Fullwidth digits become ASCII under NFKC.
 */
const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xed0, 0x1040, 0x17e0] as const;
const PERSIAN_ZERO = 0x6f0;

/** The value of a run of decimal digits of one of DIGIT_ZEROS' scripts; undefined for another script's. */
function digitsValue(text: string): number | undefined {
  let value = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    if (zero === undefined) return undefined;
    value = value * 10 + (code - zero);
  }
  return value;
}

/**
 * The Gregorian day of a Solar Hijri one, by the calendar of the runtime's ICU (Intl's `persian`
 * calendar): its first day falls on 20 or 21 March, so the day is found within a day of the
 * estimate from the months' lengths (six of 31 days, five of 30, then 29 or 30).
 */
const PERSIAN_CALENDAR = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
function fromSolarHijri(year: number, month: number, day: number): Day | null {
  if (year < SOLAR_HIJRI_YEARS.min || year > SOLAR_HIJRI_YEARS.max || month < 1 || month > 12 || day < 1 || day > (month <= 6 ? 31 : 30)) return null;
  const dayOfYear = month <= 6 ? (month - 1) * 31 + day : 186 + (month - 7) * 30 + day;
  const estimate = Date.UTC(year + 621, 2, 20) + (dayOfYear - 1) * 86_400_000;
  for (const shift of [0, 1, -1, 2]) {
    const at = new Date(estimate + shift * 86_400_000);
    const parts = Object.fromEntries(PERSIAN_CALENDAR.formatToParts(at).map((p) => [p.type, p.value]));
    if (Number(parts.year) === year && Number(parts.month) === month && Number(parts.day) === day) return validDay(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  }
  return null;
}

/** Zone names read after a time. */
const UTC_ZONES = new Set(['z', 'utc', 'gmt']);

interface Day {
  year: number;
  month: number;
  day: number;
}

interface Clock {
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC; undefined when the value names no zone. */
  offsetMinutes?: number;
}

function validDay(year: number, month: number, day: number): Day | null {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > days) return null;
  return { year, month, day };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function format(day: Day, clock?: Clock): string {
  const date = `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
  if (!clock || clock.offsetMinutes === undefined) return date;
  const time = `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
  const offset = clock.offsetMinutes;
  if (offset === 0) return `${date}T${time}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A token of a date text: a run of letters, a run of digits, or one other visible character. */
interface Token {
  kind: 'word' | 'number' | 'mark';
  text: string;
  /** For numbers: the value; for words: the month it names, if any. */
  value?: number;
  /** A Solar Hijri month's name (its number in `value`), or a number in Persian digits. */
  solarHijri?: boolean;
}

/**
 * Letters (any script, with their combining marks: a Hindi or Thai word is letters and vowel
 * signs), digits, or one mark; whitespace separates and is dropped.
 */
const TOKEN = /[\p{L}\p{M}]+|\p{Nd}+|[^\s\p{L}\p{M}\p{Nd}]/gu;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let cut = text.slice(0, MAX_DATE_TEXT).normalize('NFKC');
  if (THAI.test(cut)) for (const [short, full] of THAI_MONTH_ABBREVIATIONS) cut = cut.split(short).join(` ${full} `);
  for (const match of cut.matchAll(TOKEN)) {
    const t = match[0];
    const digits = /^\p{Nd}/u.test(t) ? digitsValue(t) : undefined;
    if (digits !== undefined) {
      const code = t.codePointAt(0)!;
      tokens.push(code >= PERSIAN_ZERO && code <= PERSIAN_ZERO + 9 ? { kind: 'number', text: t, value: digits, solarHijri: true } : { kind: 'number', text: t, value: digits });
    } else if (/\p{L}/u.test(t)) {
      const month = MONTHS.get(t.toLowerCase());
      const hijri = month === undefined ? SOLAR_HIJRI_MONTHS.get(t) : undefined;
      if (month !== undefined) tokens.push({ kind: 'word', text: t, value: month });
      else if (hijri !== undefined) tokens.push({ kind: 'word', text: t, value: hijri, solarHijri: true });
      else tokens.push({ kind: 'word', text: t });
    } else tokens.push({ kind: 'mark', text: t });
  }
  return tokens;
}

/**
 * The first date (and the time right after it) that the tokens spell, as a normalised value;
 * null when they spell none. Tried at every token, in the forms listed in `dayAt`.
 */
function dateInTokens(tokens: Token[], reading: DateReading): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const found = dayAt(tokens, i, reading);
    if (!found) continue;
    const clock = clockAt(tokens, found.next);
    return format(found.day, clock ?? undefined);
  }
  return null;
}

const num = (t: Token | undefined, digits?: [number, number]): number | undefined =>
  t?.kind === 'number' && (!digits || (t.text.length >= digits[0] && t.text.length <= digits[1])) ? t.value : undefined;
const isMark = (t: Token | undefined, marks: string): boolean => t?.kind === 'mark' && marks.includes(t.text);
const monthOf = (t: Token | undefined): number | undefined => (t?.kind === 'word' ? t.value : undefined);

/** The words between a day, its month and its year ("18 de septiembre de 2008", "18th of September 2008"). */
const MONTH_CONNECTORS = new Set(['de', 'del', 'of']);
const isWord = (t: Token | undefined, words: ReadonlySet<string>): boolean => t?.kind === 'word' && words.has(t.text.toLowerCase());

/** English ordinal suffixes after a day's number ("14th", "1st"). */
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);

/** How a page writes its numeric dates. */
export interface DateReading {
  /**
   * "12/11/2009" (and "12-11-2009") reads day first: the page is not in English. Everywhere but the United States
   * (and a few places that write as it does) a date in slashes puts the day first, as it does in
   * dots; in English the American order is the commoner on the web. Default: month first (unless
   * the first number is over 12).
   */
  slashDayFirst?: boolean;
}

/** A day starting at token i, in one of the common forms; `next` is the token after it. */
function dayAt(t: Token[], i: number, reading: DateReading = {}): { day: Day; next: number } | null {
  const a = num(t[i]);
  if (a !== undefined) {
    // 2024-05-14, 2024/05/14, 2024.05.14 (year first)
    if (t[i]!.text.length === 4 && isMark(t[i + 1], '-/.') && isMark(t[i + 3], '-/.') && t[i + 1]!.text === t[i + 3]!.text) {
      const [m, d] = [num(t[i + 2], [1, 2]) ?? NaN, num(t[i + 4], [1, 2]) ?? NaN];
      // ۱۴۰۳/۰۹/۱۰: a Solar Hijri year in Persian digits.
      const day = t[i]!.solarHijri && a < MIN_YEAR ? fromSolarHijri(a, m, d) : validDay(a, m, d);
      if (day) return { day, next: i + 5 };
    }
    // 2024年07月18日 (the 日 is optional)
    if (t[i]!.text.length === 4 && t[i + 1]?.text === '年' && t[i + 3]?.text === '月') {
      const day = validDay(a, num(t[i + 2], [1, 2]) ?? NaN, num(t[i + 4], [1, 2]) ?? NaN);
      if (day) return { day, next: t[i + 5]?.text === '日' ? i + 6 : i + 5 };
    }
    // 2008년 9월 18일 (Korean; the 일 is optional)
    if (t[i]!.text.length === 4 && t[i + 1]?.text === '년' && t[i + 3]?.text === '월') {
      const day = validDay(a, num(t[i + 2], [1, 2]) ?? NaN, num(t[i + 4], [1, 2]) ?? NaN);
      if (day) return { day, next: t[i + 5]?.text === '일' ? i + 6 : i + 5 };
    }
    // 14 May 2024, 4. März 2024, 23 апреля 2024 г., 14 May, 2024, 30th March 2025
    if (t[i]!.text.length <= 2) {
      let j = i + 1;
      // 18 de septiembre de 2008 (Spanish, Portuguese); 18-Sep-2008, 18/Sep/2008 (old CMSs, logs)
      let dashed: string | null = null;
      if (t[j]?.kind === 'word' && ORDINAL_SUFFIXES.has(t[j]!.text.toLowerCase())) j++;
      else if (isMark(t[j], '.')) j++;
      else if (isMark(t[j], '-/') && monthOf(t[j + 1]) !== undefined) dashed = t[j++]!.text;
      if (dashed === null && isWord(t[j], MONTH_CONNECTORS)) j++;
      const month = monthOf(t[j]);
      if (month !== undefined) {
        let k = j + 1;
        if (dashed !== null) {
          if (t[k]?.text !== dashed) return null;
          k++;
        }
        if (isMark(t[k], '.')) k++;
        if (isMark(t[k], ',')) k++;
        if (isWord(t[k], MONTH_CONNECTORS)) k++;
        let year = num(t[k], [4, 4]);
        if (year !== undefined && year > MAX_YEAR && THAI.test(t[j]!.text)) year -= BUDDHIST_ERA_OFFSET;
        // ۱۰ آذر ۱۴۰۳: a Solar Hijri month's name.
        const day = year === undefined ? null : t[j]!.solarHijri ? fromSolarHijri(year, month, a) : validDay(year, month, a);
        if (day) return { day, next: k + 1 };
      }
      // 16.05.2024 (day first, dots); 05/14/2024 and 05-14-2024 (month first in English, unless
      // the first is > 12: dashes read as slashes do — "08-13-2007, 09:41 AM" is vBulletin's US
      // form, National Geographic's article:published_time "03-09-2026" the 9th of March)
      if (isMark(t[i + 1], './-') && isMark(t[i + 3], './-') && t[i + 1]!.text === t[i + 3]!.text) {
        const b = num(t[i + 2], [1, 2]);
        const year = num(t[i + 4], [4, 4]);
        if (b !== undefined && year !== undefined) {
          const dayFirst = t[i + 1]!.text === '.' || a > 12 || (reading.slashDayFirst === true && b <= 12);
          const day = dayFirst ? validDay(year, b, a) : validDay(year, a, b);
          if (day) return { day, next: i + 5 };
        }
      }
    }
    return null;
  }
  // May 14, 2024; Sep 4 2024; Sept. 4, 2024; May 14th, 2024
  const month = monthOf(t[i]);
  if (month !== undefined) {
    let j = i + 1;
    if (isMark(t[j], '.')) j++;
    const d = num(t[j], [1, 2]);
    if (d === undefined) return null;
    let k = j + 1;
    if (t[k]?.kind === 'word' && ORDINAL_SUFFIXES.has(t[k]!.text.toLowerCase())) k++;
    if (isMark(t[k], ',')) k++;
    const year = num(t[k], [4, 4]);
    const day = year !== undefined ? validDay(year, month, d) : null;
    if (day) return { day, next: k + 1 };
    // Aug 13 09:41:07 BST 2007: the C library's and Unix `date`'s form (Mailman's archives, old
    // forums and logs), the time and zone between the day and the year. The day only: a zone
    // abbreviation names no offset for sure.
    if (num(t[j + 1], [1, 2]) !== undefined && isMark(t[j + 2], ':') && num(t[j + 3], [2, 2]) !== undefined) {
      let m = j + 4;
      if (isMark(t[m], ':') && num(t[m + 1], [2, 2]) !== undefined) m += 2;
      if (t[m]?.kind === 'word' && ZONE_ABBREVIATION.test(t[m]!.text)) m++;
      const late = num(t[m], [4, 4]);
      const lateDay = late !== undefined ? validDay(late, month, d) : null;
      if (lateDay) return { day: lateDay, next: m + 1 };
    }
  }
  return null;
}

/** A time zone's abbreviation (UTC, GMT, BST, EST, CEST), as the C library prints it. */
const ZONE_ABBREVIATION = /^[A-Z]{2,5}$/u;

/** A time right after a day ("06:00", "T07:29:39.000Z", "at 10:12 GMT", "7:30 pm +0100"). */
function clockAt(t: Token[], i: number): Clock | null {
  let j = i;
  // Separators that may come between the day and the time: T, ",", "at", "um", "à", "в", "-", "|", "·"
  for (let skipped = 0; skipped < 2 && j < t.length; skipped++) {
    const tok = t[j]!;
    if (tok.kind === 'mark' && ',-|·•/'.includes(tok.text)) j++;
    else if (tok.kind === 'word' && ['t', 'at', 'um', 'à', 'a', 'в', 'alle', 'om', 'às'].includes(tok.text.toLowerCase())) j++;
    else break;
  }
  // A "T" glued to the hour ("T07") is one word token followed by digits only when spaced; ISO
  // values are handled by the machine parser, so here a time is H:MM.
  const hour = num(t[j], [1, 2]);
  if (hour === undefined || !isMark(t[j + 1], ':')) return null;
  const minute = num(t[j + 2], [2, 2]);
  if (minute === undefined || hour > 23 || minute > 59) return null;
  let k = j + 3;
  let second = 0;
  if (isMark(t[k], ':') && num(t[k + 1], [2, 2]) !== undefined) {
    second = Math.min(59, num(t[k + 1])!);
    k += 2;
  }
  let h = hour;
  const meridiem = t[k]?.kind === 'word' ? t[k]!.text.toLowerCase() : '';
  if (meridiem === 'am' || meridiem === 'pm') {
    if (hour < 1 || hour > 12) return null;
    h = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    k++;
  }
  const clock: Clock = { hour: h, minute, second };
  const zone = t[k];
  if (zone?.kind === 'word' && UTC_ZONES.has(zone.text.toLowerCase())) {
    clock.offsetMinutes = 0;
    k++;
  }
  if (isMark(t[k], '+-') && num(t[k + 1]) !== undefined) {
    const digits = t[k + 1]!.text;
    let minutes: number | undefined;
    if (digits.length === 4) minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    else if (digits.length <= 2 && isMark(t[k + 2], ':') && num(t[k + 3], [2, 2]) !== undefined) minutes = Number(digits) * 60 + num(t[k + 3])!;
    else if (digits.length <= 2) minutes = Number(digits) * 60;
    if (minutes !== undefined && minutes <= 14 * 60) clock.offsetMinutes = t[k]!.text === '-' ? -minutes : minutes;
  }
  return clock;
}

/**
 * ISO 8601 and its common variants as machine fields write them: `2019-11-20T07:29:39+0000`,
 * `2024-05-07T08:30:00.000Z`, `2024-09-04`, `2024-09-04 10:00:00`, `20240904` is not accepted.
 * Anchored at the start, bounded repetitions only.
 */
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s?(Z|[+-]\d{2}:?\d{2}|[+-]\d{2}|UTC|GMT)?)?/iu;

/**
 * A date value from a machine field (JSON-LD, meta, `datetime`), normalised; null when it is not
 * a date. Tries ISO 8601, then a Unix time in seconds or milliseconds, then the visible forms
 * (RFC 2822's "Wed, 20 Nov 2019 07:29:39 GMT" among them).
 */
export function normalizeDate(value: string | null | undefined, reading: DateReading = {}): string | null {
  const v = value?.trim().slice(0, MAX_DATE_TEXT);
  if (!v) return null;
  const m = ISO.exec(v);
  if (m) {
    const day = validDay(Number(m[1]), Number(m[2]), Number(m[3]));
    if (!day) return null;
    if (m[4] === undefined || m[7] === undefined) return format(day);
    const clock: Clock = { hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0) };
    if (clock.hour > 23 || clock.minute > 59 || clock.second > 60) return format(day);
    const zone = m[7].toUpperCase();
    if (zone === 'Z' || zone === 'UTC' || zone === 'GMT') clock.offsetMinutes = 0;
    else {
      const digits = zone.slice(1).replace(':', '');
      const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
      clock.offsetMinutes = zone.startsWith('-') ? -minutes : minutes;
    }
    return format(day, clock);
  }
  if (/^\d{10}(\d{3})?$/u.test(v)) {
    const ms = Number(v) * (v.length === 10 ? 1000 : 1);
    const d = new Date(ms);
    const day = validDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
    return day ? format(day, { hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), offsetMinutes: 0 }) : null;
  }
  return dateInText(v, reading);
}

/**
 * A normalised UTC date-time ("…Z") given in another offset, the same instant:
 * ("2025-12-18T23:25:38Z", +300) → "2025-12-19T04:25:38+05:00". Anything else (a day without a
 * time, a value already in another offset) is returned as it is.
 */
export function inOffset(value: string, offsetMinutes: number): string {
  if (!value.endsWith('Z') || value.length !== 20) return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  const local = new Date(ms + offsetMinutes * 60_000);
  const day = validDay(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
  if (!day) return value;
  return format(day, { hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds(), offsetMinutes });
}

/** The offset ("+05:00", "-0500") an ISO 8601 date-time names, in minutes east of UTC; null when it names none. */
export function offsetOf(value: string): number | null {
  const m = ISO.exec(value.trim());
  if (!m || m[7] === undefined) return null;
  const normalised = normalizeDate(value);
  if (!normalised || normalised.length < 20) return null;
  if (normalised.endsWith('Z')) return 0;
  const sign = normalised.at(-6) === '-' ? -1 : 1;
  return sign * (Number(normalised.slice(-5, -3)) * 60 + Number(normalised.slice(-2)));
}

/** The first date a visible text spells ("Published 14 May 2024, 06:00" → "2024-05-14"). */
export function dateInText(text: string, reading: DateReading = {}): string | null {
  return digitless(text) ? null : dateInTokens(tokenize(text), reading);
}

/**
 * True when the text's first MAX_DATE_TEXT characters are ASCII without a digit: every form
 * `dayAt` reads has a number in it, and ASCII stays ASCII under NFKC, so such a text spells no
 * date and is not tokenised (most lines a page's metadata and comment search read are such). A
 * text with any other character is read in full: NFKC makes digits of some ("①", "㏠").
 */
function digitless(text: string): boolean {
  const end = Math.min(text.length, MAX_DATE_TEXT);
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || (code >= 48 && code <= 57)) return false;
  }
  return true;
}

/**
 * The day a URL's path names: /2024/05/14/, /2024-05-14-slug, /20240514/ (as a whole segment).
 * /2024/05/ alone names no day and gives null.
 */
export function dateFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segments = path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (/^\d{4}$/u.test(s) && /^\d{1,2}$/u.test(segments[i + 1] ?? '') && /^\d{1,2}$/u.test(segments[i + 2] ?? '')) {
      const day = validDay(Number(s), Number(segments[i + 1]), Number(segments[i + 2]));
      if (day) return format(day);
    }
    const dashed = /^(\d{4})-(\d{2})-(\d{2})(?:$|[-_])/u.exec(s);
    if (dashed) {
      const day = validDay(Number(dashed[1]), Number(dashed[2]), Number(dashed[3]));
      if (day) return format(day);
    }
    if (/^\d{8}$/u.test(s)) {
      const day = validDay(Number(s.slice(0, 4)), Number(s.slice(4, 6)), Number(s.slice(6, 8)));
      if (day) return format(day);
    }
  }
  return null;
}
