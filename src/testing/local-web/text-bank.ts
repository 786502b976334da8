/**
 * The word banks the local web writes its prose from: phrase lists that combine into
 * grammatical sentences (English, and Russian for one site), headlines, names, sections and
 * tags. Each phrase is complete on its own, so any combination reads as a plausible news
 * sentence; the Russian subjects are all plural so the past-tense verbs always agree.
 * Self-written for this project.
 */
import type { Rng } from './prng.js';
import { AR, JA, ZH } from './text-bank-more.js';

/** Latin letters for Cyrillic ones, for author slugs on the Russian site. */
const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

export type Language = 'en' | 'ru' | 'zh' | 'ja' | 'ar';
export const LANGUAGES: readonly Language[] = ['en', 'ru', 'zh', 'ja', 'ar'];

export interface NamedThing {
  /** The URL segment (`politics`, `jane-doe`). */
  slug: string;
  /** What the page shows (`Politics`, `Jane Doe`). */
  label: string;
}

export interface Bank {
  headlineSubjects: readonly string[];
  headlineVerbs: readonly string[];
  subjects: readonly string[];
  verbs: readonly string[];
  objects: readonly string[];
  complements: readonly string[];
  openers: readonly string[];
  /** What follows an opener: English sets it off with a comma, Russian adverbials mostly not. */
  openerComma: string;
  quoteFrames: readonly string[];
  closers: readonly string[];
  sections: readonly NamedThing[];
  tags: readonly NamedThing[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  /**
   * Word order and spacing for languages that do not build a clause as subject, verb, object,
   * complement joined by spaces (Chinese and Japanese: no spaces, the complement before the
   * verb, a full-width stop). English and Russian leave it out.
   */
  grammar?: Grammar;
  ui: Record<'latest' | 'mostRead' | 'related' | 'tags' | 'by' | 'page' | 'next' | 'previous' | 'search' | 'calendar' | 'archive' | 'about' | 'contact' | 'privacy' | 'terms' | 'noResults' | 'more' | 'comments' | 'signIn' | 'gallery', string>;
}

const EN: Bank = {
  headlineSubjects: ['Council', 'Harbour board', 'City hall', 'Hospital trust', 'Rail operator', 'School district', 'Water company', 'University', 'Police chief', 'Festival committee', 'Museum', 'Planning panel', 'Bus company', 'Farmers union', 'Fire service', 'Library trust'],
  headlineVerbs: ['approves', 'delays', 'rejects', 'unveils', 'defends', 'reviews', 'expands', 'cuts', 'backs', 'questions', 'launches', 'shelves'],
  subjects: ['The council', 'The mayor', 'The harbour board', 'Local residents', 'The hospital trust', 'Shop owners on the high street', 'The rail operator', 'Parents at the primary school', 'The planning committee', 'Volunteers from the river trust', 'The regional government', 'A group of engineers', 'The festival organisers', 'Teachers', 'The water company'],
  verbs: ['approved', 'delayed', 'rejected', 'presented', 'criticised', 'welcomed', 'reviewed', 'announced', 'postponed', 'defended', 'expanded', 'questioned', 'funded', 'published'],
  objects: ['the new budget', 'a plan to rebuild the old bridge', 'the bus timetable', 'a study of the river', 'the proposal for a new school', 'changes to parking rules', 'the results of the survey', 'a scheme for cheaper housing', 'the redevelopment of the market square', 'the annual report', 'a new cycle lane', 'the ferry contract', 'repairs to the sea wall', 'plans for a summer festival'],
  complements: ['on Monday evening', 'after a long debate', 'in the town centre', 'at the end of the week', 'for the third time this year', 'despite strong objections', 'after months of talks', 'at a public meeting', 'without a vote', 'before the summer', 'in a short statement', 'to the surprise of many'],
  openerComma: ',',
  openers: ['Earlier this month', 'According to officials', 'On Tuesday', 'For the first time in a decade', 'In a surprise move', 'Late last year', 'As expected', 'Meanwhile'],
  quoteFrames: ['"We have listened carefully and this is the right decision," said {name}.', '"Nobody should be surprised by this," {name} told reporters.', '"It will take time, but the town deserves better," said {name}.', '"We expect the first results within a few months," according to {name}.'],
  closers: ['A final decision is expected next month.', 'The work is due to start in the spring.', 'Objections can be lodged until the end of the month.', 'The committee will meet again in two weeks.', 'Details will be published on the council website.'],
  sections: [
    { slug: 'politics', label: 'Politics' }, { slug: 'business', label: 'Business' }, { slug: 'world', label: 'World' },
    { slug: 'science', label: 'Science' }, { slug: 'sport', label: 'Sport' }, { slug: 'culture', label: 'Culture' },
    { slug: 'health', label: 'Health' }, { slug: 'opinion', label: 'Opinion' },
  ],
  // Topics and places, as tag pages on news sites are: many of them, so that pages keep
  // revealing listing pages a crawler has not seen (as on real sites).
  tags: [
    'harbour', 'transport', 'housing', 'schools', 'budget', 'elections', 'weather', 'river', 'festival', 'hospital', 'energy', 'parking',
    'farming', 'tourism', 'crime', 'libraries', 'cycling', 'bridges', 'water', 'markets', 'football', 'museums', 'jobs', 'planning',
    'climate', 'railways', 'ferries', 'taxes', 'parks', 'universities', 'Northfield', 'Southport', 'Eastgate', 'Westbrook', 'Old Town',
    'Riverside', 'Hillcrest', 'Market Square', 'Station Road', 'Kingsmead', 'Ashford Green', 'Millbank', 'Lower Quay', 'Castle Hill',
    'Fairview', 'Brookside', 'Harrow Bridge', 'Elm Park', 'St Anne\'s', 'Moorland', 'Copper Lane', 'Seaview', 'Oakridge', 'Greyfriars',
    'Bell Street', 'Dockside', 'Foxley', 'Linden', 'Thornbury', 'Wexham',
  ].map((word) => ({ slug: slugify(word), label: word[0]!.toUpperCase() + word.slice(1) })),
  firstNames: ['Anna', 'Ben', 'Clara', 'David', 'Elena', 'Frank', 'Grace', 'Hugo', 'Iris', 'James', 'Kate', 'Leo', 'Maya', 'Noah', 'Olivia', 'Peter'],
  lastNames: ['Archer', 'Bennett', 'Carter', 'Dawson', 'Ellis', 'Fisher', 'Green', 'Hughes', 'Irving', 'Jones', 'Keller', 'Lowe', 'Morgan', 'Novak', 'Owens', 'Price'],
  ui: {
    latest: 'Latest news', mostRead: 'Most read', related: 'Related stories', tags: 'Topics', by: 'By', page: 'Page',
    next: 'Next', previous: 'Previous', search: 'Search', calendar: 'Calendar', archive: 'Archive', about: 'About us',
    contact: 'Contact', privacy: 'Privacy', terms: 'Terms of use', noResults: 'No stories on this day.', more: 'More in', comments: 'Comments', signIn: 'Sign in to comment', gallery: 'In pictures:',
  },
};

const RU: Bank = {
  headlineSubjects: ['Городские власти', 'Депутаты', 'Жители района', 'Учёные', 'Врачи', 'Спасатели', 'Экологи', 'Организаторы фестиваля', 'Предприниматели', 'Школьные учителя'],
  headlineVerbs: ['одобрили', 'отложили', 'отклонили', 'представили', 'поддержали', 'пересмотрели', 'раскритиковали', 'запустили'],
  subjects: ['Городские власти', 'Депутаты городской думы', 'Жители района', 'Учёные местного университета', 'Врачи областной больницы', 'Спасатели', 'Экологи', 'Организаторы фестиваля', 'Местные предприниматели', 'Школьные учителя', 'Представители транспортной компании'],
  verbs: ['обсудили', 'одобрили', 'представили', 'раскритиковали', 'поддержали', 'отложили', 'объявили', 'изучили', 'запустили', 'пересмотрели'],
  objects: ['новый бюджет', 'план реконструкции набережной', 'проект нового моста', 'программу развития города', 'правила парковки', 'расписание автобусов', 'результаты исследования', 'итоги года', 'меры поддержки', 'строительство новой школы', 'ремонт центральной площади'],
  complements: ['на заседании в понедельник', 'после долгих споров', 'в центре города', 'в конце недели', 'на встрече с журналистами', 'впервые за десять лет', 'несмотря на критику', 'по итогам голосования', 'без лишнего шума', 'до начала лета'],
  openerComma: '',
  openers: ['В начале месяца', 'Во вторник', 'В конце прошлого года', 'Тем временем'],
  quoteFrames: ['«Мы внимательно выслушали всех, и это правильное решение», — говорится в сообщении, которое подписал {name}.', '«Результаты станут известны через несколько месяцев», — рассказал журналистам {name}.', '«Городу нужны перемены», — отметил в интервью {name}.'],
  closers: ['Окончательное решение ожидается в следующем месяце.', 'Работы планируется начать весной.', 'Следующее заседание пройдёт через две недели.', 'Подробности будут опубликованы на сайте администрации.'],
  sections: [
    { slug: 'politika', label: 'Политика' }, { slug: 'ekonomika', label: 'Экономика' }, { slug: 'obshchestvo', label: 'Общество' },
    { slug: 'nauka', label: 'Наука' }, { slug: 'sport', label: 'Спорт' }, { slug: 'kultura', label: 'Культура' },
  ],
  tags: [
    ['transport', 'Транспорт'], ['zhile', 'Жильё'], ['shkoly', 'Школы'], ['byudzhet', 'Бюджет'], ['vybory', 'Выборы'], ['pogoda', 'Погода'],
    ['reka', 'Река'], ['festival', 'Фестиваль'], ['zdorove', 'Здоровье'], ['energetika', 'Энергетика'], ['turizm', 'Туризм'], ['parki', 'Парки'],
    ['mosty', 'Мосты'], ['ekologiya', 'Экология'], ['futbol', 'Футбол'], ['muzei', 'Музеи'], ['rabota', 'Работа'], ['stroitelstvo', 'Строительство'],
    ['tsentr', 'Центр'], ['zarechye', 'Заречье'], ['severnyi', 'Северный'], ['yuzhnyi', 'Южный'], ['naberezhnaya', 'Набережная'],
    ['staryi-gorod', 'Старый город'], ['vokzal', 'Вокзал'], ['promzona', 'Промзона'], ['lesnoi', 'Лесной'], ['sadovaya', 'Садовая'],
    ['pristan', 'Пристань'], ['ozernyi', 'Озёрный'], ['kirpichnyi', 'Кирпичный'], ['sosnovka', 'Сосновка'], ['zavodskoi', 'Заводской'],
  ].map(([slug, label]) => ({ slug: slug!, label: label! })),
  firstNames: ['Иван', 'Пётр', 'Алексей', 'Сергей', 'Михаил', 'Дмитрий', 'Андрей', 'Николай'],
  lastNames: ['Петров', 'Иванов', 'Смирнов', 'Кузнецов', 'Соколов', 'Попов', 'Лебедев', 'Волков'],
  ui: {
    latest: 'Последние новости', mostRead: 'Самое читаемое', related: 'Читайте также', tags: 'Темы', by: 'Автор:', page: 'Страница',
    next: 'Далее', previous: 'Назад', search: 'Поиск', calendar: 'Календарь', archive: 'Архив', about: 'О редакции',
    contact: 'Контакты', privacy: 'Конфиденциальность', terms: 'Правила', noResults: 'В этот день публикаций нет.', more: 'Ещё в рубрике', comments: 'Комментарии', signIn: 'Войти, чтобы комментировать', gallery: 'Фоторепортаж:',
  },
};

export interface Grammar {
  /** Between words of a headline and between sentences ('' in Chinese and Japanese). */
  space: string;
  /** Ends a sentence. */
  stop: string;
  clause(subject: string, verb: string, object: string, complement: string): string;
  headline(subject: string, verb: string, object: string, complement: string | undefined): string;
}

const BANKS: Record<Language, Bank> = { en: EN, ru: RU, zh: ZH, ja: JA, ar: AR };

export function bankFor(language: Language): Bank {
  return BANKS[language];
}

/**
 * A URL slug: lower case, Cyrillic transliterated, words joined by hyphens; '' for text in
 * other scripts (Chinese, Japanese and Arabic sites name their articles by number).
 */
export function slugify(text: string, maxWords = 10): string {
  let lower = text.toLowerCase();
  if (/[а-яё]/.test(lower)) lower = lower.replace(/[а-яё]/g, (char) => TRANSLIT[char] ?? char);
  return lower
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .slice(0, maxWords)
    .join('-');
}

/** A headline: subject, verb, object and sometimes a complement, in sentence case. */
export function headline(bank: Bank, rng: Rng): string {
  if (bank.grammar) {
    const { grammar } = bank;
    const parts = [rng.pick(bank.headlineSubjects), rng.pick(bank.headlineVerbs), rng.pick(bank.objects)] as const;
    return grammar.headline(...parts, rng.chance(0.5) ? rng.pick(bank.complements) : undefined);
  }
  const text = `${rng.pick(bank.headlineSubjects)} ${rng.pick(bank.headlineVerbs)} ${rng.pick(bank.objects).replace(/^(the|a) /, '')}`;
  return rng.chance(0.5) ? `${text} ${rng.pick(bank.complements)}` : text;
}

/** One sentence of news prose, `name` being quoted in some of them. */
export function sentence(bank: Bank, rng: Rng, name: string): string {
  if (bank.grammar) return composedSentence(bank, bank.grammar, rng, name);
  const core = `${rng.pick(bank.subjects)} ${rng.pick(bank.verbs)} ${rng.pick(bank.objects)}`;
  switch (rng.int(0, 5)) {
    case 0:
      return `${rng.pick(bank.openers)}${bank.openerComma} ${lowerFirst(core)} ${rng.pick(bank.complements)}.`;
    case 1:
      return rng.pick(bank.quoteFrames).replace('{name}', name);
    case 2:
      return rng.pick(bank.closers);
    default:
      return `${core} ${rng.pick(bank.complements)}.`;
  }
}

/** A paragraph of `sentenceCount` sentences. */
export function paragraph(bank: Bank, rng: Rng, name: string, sentenceCount: number): string {
  return Array.from({ length: sentenceCount }, () => sentence(bank, rng, name)).join(bank.grammar?.space ?? ' ');
}

/** `sentence` for a bank with its own grammar (the same choices, in the language's order). */
function composedSentence(bank: Bank, grammar: Grammar, rng: Rng, name: string): string {
  const clause = (): string => grammar.clause(rng.pick(bank.subjects), rng.pick(bank.verbs), rng.pick(bank.objects), rng.pick(bank.complements));
  switch (rng.int(0, 5)) {
    case 0: {
      const opener = rng.pick(bank.openers);
      return `${opener}${bank.openerComma}${clause()}${grammar.stop}`;
    }
    case 1:
      return rng.pick(bank.quoteFrames).replace('{name}', name);
    case 2:
      return rng.pick(bank.closers);
    default:
      return `${clause()}${grammar.stop}`;
  }
}

/** What goes between a label and the words after it ("In pictures: …", "组图：…"). */
export function spaceOf(bank: Bank): string {
  return bank.grammar?.space ?? ' ';
}

/** Keeps a leading proper noun ("The" is not one; "Earlier", "Local" are sentence words too). */
function lowerFirst(text: string): string {
  return text.length > 1 && text[1] === text[1]!.toLowerCase() ? text[0]!.toLowerCase() + text.slice(1) : text;
}
