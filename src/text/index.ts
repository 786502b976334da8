// Words and lengths that mean the same in every script (link tokens, the page-type decision, the crawl's article rule).
export { textWords, latinLength, latinLengthScale, countWordsAnyScript, dominantScript, LATIN_CHARS_PER_WORD, SCRIPT_CHAR_WEIGHT, type ScriptName } from './words.js';
