/**
 * Shows a page's content that its own style keeps out of sight until a script lets it in.
 * Runs INSIDE Chromium, before the layout collector, under the same rules (no runtime imports,
 * no references outside the function; see collect-layout.ts).
 *
 * Some pages ship their whole content inside an element shut with `display: none` for a script
 * to open: a shop's "lockdown" app (age gates, password walls, region checks: Shopify's
 * EasyLockdown wraps the whole `<main>` in `div.easylockdown-content { display: none }`), a
 * loader that hides the page until its bundle is ready. Saved pages render with scripts off, so
 * the page showed its header and footer only (WCXB-dev 0583: the product's description, in the
 * markup, never reached the snapshot). The collector's reveal-on-load rules cover `opacity` and
 * `visibility` (collect-layout.ts); a `display: none` subtree has no layout at all, so it is
 * shown here, before the layout is read.
 *
 * Shown are the elements that shut the page's main landmark (`<main>`, `role="main"`) when no
 * main landmark is rendered, and, in a main landmark laid out nearly empty, an element that
 * holds most of its readable text (`MIN_SHARE`), found on the one path down through the children
 * holding that share: a closed menu, a hidden tab, or the other half of a page written twice
 * (once for phones, once for desktops, one of them hidden) holds less. Never a dialog, or an
 * element whose dialogs hold half its text or more (a consent manager's preference centre is a
 * hidden dialog larger than many a page), nothing inside the site's navigation, and not a panel
 * that is mostly links. A page without a main landmark is left as it is. Returns how many
 * elements were shown (0 on almost every page).
 */
export function revealLockedContent(): number {
  /**
   * The share of the main landmark's readable text a shut element must hold to be
   * shown: a lock leaves almost nothing in sight. At 60 % it also showed what pages hide on
   * purpose beside content in sight — a promo block a stylesheet hides (test/browser/corpus.test.ts),
   * a shop's hidden duplicate of its product details (WCXB-dev, whose truth, labelled from the
   * markup, holds them: two pages better there, but not what a reader sees).
   */
  const MIN_SHARE = 0.8;
  /** A shut element whose link text is at least this share of its text is a menu, not content. */
  const MAX_LINK_SHARE = 0.5;
  /** Levels walked down from `<body>` at most. */
  const MAX_DEPTH = 64;
  const NAVIGATION = 'nav, header, [role="navigation"], [role="menu"], [role="menubar"], [role="dialog"], [role="alertdialog"], dialog, [aria-modal="true"], [popover]';
  const DIALOGS = '[role="dialog"], [role="alertdialog"], dialog, [aria-modal="true"], [popover]';
  /** A shut element whose dialogs hold at least this share of its text is an overlay, not content. */
  const MAX_DIALOG_SHARE = 0.5;
  /** A rendered main landmark at most this high may hide its content (a lock leaves it empty). */
  const MAX_LOCKED_MAIN_HEIGHT_PX = 200;
  /** Levels above the main landmark looked at, at most. */
  const MAX_WRAPPERS = 16;

  const readable = (text: string): number => {
    let count = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code > 32 && code !== 160) count += 1;
    }
    return count;
  };
  /**
   * Characters measured per page at most: each level of the walk measures its children's text
   * again, and a hostile page is megabytes deep; past the budget nothing more is shown.
   */
  const MAX_MEASURED_CHARACTERS = 8_000_000;
  let measured = 0;
  /** Readable characters of an element: its text without white space and without script and style source. */
  const readableLength = (element: Element): number => {
    const text = element.textContent ?? '';
    measured += text.length;
    let length = readable(text);
    for (const source of Array.from(element.querySelectorAll('script, style, template, noscript'))) length -= readable(source.textContent ?? '');
    return length;
  };

  const body = document.body;
  if (!body) return 0;
  /** Whether a shut element may be shown: content, not navigation, a dialog or a menu of links. */
  const mayShow = (element: Element): element is HTMLElement => {
    if (!(element instanceof HTMLElement) || element.closest(NAVIGATION)) return false;
    const own = readableLength(element);
    let dialogText = 0;
    for (const dialog of Array.from(element.querySelectorAll(DIALOGS))) if (!dialog.parentElement?.closest(DIALOGS)) dialogText += readableLength(dialog);
    if (dialogText >= own * MAX_DIALOG_SHARE) return false;
    let linkText = 0;
    for (const link of Array.from(element.querySelectorAll('a'))) linkText += readable(link.textContent ?? '');
    return linkText < own * MAX_LINK_SHARE;
  };
  const show = (element: HTMLElement): void => {
    element.removeAttribute('hidden');
    element.style.setProperty('display', 'block', 'important');
  };
  let shown = 0;

  // The main landmark, shut by itself or by a wrapper, when no main landmark is rendered.
  const mains = Array.from(document.querySelectorAll('main, [role="main"]'));
  const main = mains[0];
  if (main && !mains.some((m) => m.checkVisibility()) && readableLength(main) > 0 && mayShow(main)) {
    const shut: HTMLElement[] = [];
    for (let e: Element | null = main, depth = 0; e && e !== body && depth < MAX_WRAPPERS; e = e.parentElement, depth++) {
      if (e instanceof HTMLElement && getComputedStyle(e).display === 'none') shut.push(e);
    }
    for (const e of shut) show(e);
    shown += shut.length;
  }

  /** From `root` down the children that hold `MIN_SHARE` of its text: the first shut one is shown. */
  const walk = (root: Element): void => {
    const total = readableLength(root);
    if (total === 0) return;
    let element: Element = root;
    for (let depth = 0; depth < MAX_DEPTH && measured < MAX_MEASURED_CHARACTERS; depth++) {
      let holder: Element | null = null;
      for (const child of Array.from(element.children)) {
        const tag = child.localName;
        if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') continue;
        if (readableLength(child) >= total * MIN_SHARE) {
          holder = child;
          break;
        }
      }
      if (holder === null) return;
      if (getComputedStyle(holder).display === 'none') {
        if (mayShow(holder)) {
          show(holder);
          shown += 1;
        }
        return;
      }
      element = holder;
    }
  };
  // Most of the main landmark's text (Shopify's lockdown sits inside `<main>`). Not the whole
  // page's: measuring `<body>` (its inline scripts' source taken out) cost 3.4 ms of the
  // renderer's time per AEB page, 5 % of its work, for no page of WCXB-dev or AEB.
  // Only a main landmark laid out small is looked into (a lock leaves it empty): on every other
  // page the measure would cost the renderer about a millisecond for nothing.
  if (main && main.checkVisibility() && main.getBoundingClientRect().height < MAX_LOCKED_MAIN_HEIGHT_PX) walk(main);
  return shown;
}
