/**
 * Text that was UTF-8 read as Latin-1 or Windows-1252 somewhere on its way ("Investorâ\u0080\u0099s",
 * "â€™", "Ã©") put back as it was written ("Investor’s", "’", "é"). A page saved by a tool that
 * decoded UTF-8 bytes as Latin-1 and wrote the result as UTF-8 shows such text in its `<title>`,
 * its meta tags and often its headline; the browser renders it faithfully, so only the text can
 * tell. Pure, linear in the text.
 *
 * A run of non-ASCII characters that each stand for one byte (Latin-1, or Windows-1252's
 * punctuation) is re-read as UTF-8 when its bytes are valid UTF-8 and the run cannot be text
 * written that way: it holds a C1 control character (no page writes U+0080–U+009F), or it
 * starts with the lead of a three-byte sequence or with Â or Ã (what "’" and "é" become), or it
 * decodes to two characters or more. "Fuß“" (ß and a quote, valid as one UTF-8 pair) and
 * "CAFÉ’" stay as they are.
 */

/** Windows-1252's characters for the bytes 0x80–0x9F, by code point. */
const CP1252_BYTES = new Map<number, number>([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

/** A lead byte (0xC2–0xF4) right before a continuation byte's character: the cheap test that finds candidates. */
const SUSPECT = /[\u00c2-\u00f4][\u0080-\u00bf\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]/u;
const C1 = /[\u0080-\u009f]/u;

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The byte a character stands for in Latin-1 or Windows-1252, or -1 for an ASCII or other character. */
function byteOf(code: number): number {
  if (code >= 0x80 && code <= 0xff) return code;
  return CP1252_BYTES.get(code) ?? -1;
}

/** The text with its mis-decoded runs re-read as UTF-8; the same string when there are none. */
export function repairMojibake(text: string): string {
  if (!SUSPECT.test(text)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (byteOf(text.charCodeAt(i)) < 0) {
      out += text[i];
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && byteOf(text.charCodeAt(j)) >= 0) j++;
    out += repairRun(text.slice(i, j));
    i = j;
  }
  return out;
}

function repairRun(run: string): string {
  const bytes = Uint8Array.from(run, (c) => byteOf(c.charCodeAt(0)));
  let decoded: string;
  try {
    decoded = decoder.decode(bytes);
  } catch {
    return run;
  }
  const lead = bytes[0]!;
  const written = C1.test(run) || lead === 0xc2 || lead === 0xc3 || (lead >= 0xe0 && lead <= 0xef) || [...decoded].length >= 2;
  return written ? decoded : run;
}
