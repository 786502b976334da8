/**
 * Opens the page's closed disclosures — accordions, closed `<details>`, inactive tab panels —
 * as a reader who clicks them would see them. Runs INSIDE Chromium, before the layout collector,
 * under the same rules (no runtime imports, no references outside the function; see
 * collect-layout.ts).
 *
 * A product's specifications, a documentation page's collapsed examples, a course page's FAQ
 * answers sit in panels that a click opens; the page's author wrote them as content, and WCXB's
 * truth holds them (its pages are labelled from the markup, where nothing is collapsed). Saved
 * pages are rendered with scripts off, so even a panel that a script would open on load stays
 * shut. Only disclosures the markup declares are opened, each by its own standard sign:
 * - `<details>` without `open`: opened;
 * - an element with `aria-expanded="false"` and `aria-controls`: the panels it names;
 * - `role="tabpanel"` panels that are not shown;
 * - panels whose class names say they collapse (`PANEL_CLASSES`), shut by their own style.
 * With a panel, the wrappers around it that shut it are opened too.
 * Never a navigation's: a control or panel inside `nav`, `header`, a menu, a dialog or a popover, a panel
 * whose role is a menu's or a dialog's or that holds one, or one whose text is mostly link text
 * (a dropdown of links) stays shut. Returns how many panels were opened.
 */
export function openDisclosures(): number {
  /** At most this many panels are opened per page (each costs a style change and its text measure). */
  const MAX_PANELS = 200;
  /** A panel whose link text is at least this share of its text is a menu, not content. */
  const MAX_LINK_SHARE = 0.5;
  /**
   * Where a control or panel belongs to the site's navigation or an overlay. Class names too: a
   * Bootstrap navbar is often a `div` (`navbar-collapse` matched PANEL_CLASSES and opened a
   * site's whole menu on WCXB-dev 4359).
   */
  const NAVIGATION = 'nav, header, [role="navigation"], [role="menu"], [role="menubar"], [role="dialog"], [role="alertdialog"], dialog, [aria-modal="true"], [popover], [class*="navbar" i]';
  /** Menus and dialogs inside a panel: the panel is a dropdown or an overlay. */
  const MENUS = '[role="menu"], [role="listbox"], [role="dialog"], details-menu, menu';
  /**
   * Class names of collapsible panels that no control names (accordions without ARIA, FAQ
   * answers, Amazon's expanders, Bootstrap's `collapse`): opened when shut by their own style
   * and holding content. A menu built the same way is mostly links and stays shut.
   */
  const PANEL_CLASSES = ['accordion', 'collaps', 'expander', 'faq', 'answer', 'spoiler'].map((name) => `[class*="${name}" i]`).join(', ');
  /** Wrappers above a panel that may shut it (a collapse around the region the control names). */
  const MAX_WRAPPERS = 6;
  /** Panel roles that are never content. */
  const NON_CONTENT_ROLES = new Set(['menu', 'menubar', 'listbox', 'dialog', 'alertdialog', 'tooltip', 'navigation']);

  /**
   * Characters measured per page at most: nested panels measure the same text again, and a
   * hostile page nests thousands; past the budget no more panels are opened.
   */
  const MAX_MEASURED_CHARACTERS = 4_000_000;
  let measured = 0;
  const textLength = (element: Element): number => {
    const text = element.textContent ?? '';
    measured += text.length;
    return text.replace(/\s+/g, '').length;
  };
  /** Whether a panel holds content: some text, not mostly links, no menu or dialog inside. */
  const holdsContent = (panel: Element): boolean => {
    if (measured > MAX_MEASURED_CHARACTERS) return false;
    const text = textLength(panel);
    if (text === 0) return false;
    if (panel.querySelector(MENUS) !== null) return false;
    let linkText = 0;
    for (const link of Array.from(panel.querySelectorAll('a'))) linkText += textLength(link);
    return linkText < text * MAX_LINK_SHARE;
  };

  let opened = 0;
  const closedDetails = document.querySelectorAll('details:not([open])');
  for (const details of Array.from(closedDetails)) {
    if (opened >= MAX_PANELS) break;
    // A `<details>` is also the markup of dropdowns (GitHub's select menus): those hold a menu.
    if (details.closest(NAVIGATION) || !holdsContent(details)) continue;
    details.setAttribute('open', '');
    opened += 1;
  }

  const panels = new Set<HTMLElement>();
  for (const control of Array.from(document.querySelectorAll('[aria-expanded="false"][aria-controls]'))) {
    if (control.closest(NAVIGATION)) continue;
    for (const id of (control.getAttribute('aria-controls') ?? '').split(/\s+/)) {
      const panel = id ? document.getElementById(id) : null;
      if (panel) panels.add(panel);
    }
  }
  for (const panel of Array.from(document.querySelectorAll('[role="tabpanel"]'))) panels.add(panel as HTMLElement);
  for (const panel of Array.from(document.querySelectorAll(PANEL_CLASSES))) panels.add(panel as HTMLElement);

  /** Shut by its own style or attribute (not only by an ancestor's): what a click would undo. */
  const shutItself = (element: HTMLElement, style: CSSStyleDeclaration): boolean =>
    element.hasAttribute('hidden') ||
    style.display === 'none' ||
    style.visibility === 'hidden' ||
    Number(style.opacity) === 0 ||
    ((style.height === '0px' || style.maxHeight === '0px') && style.overflow !== 'visible');
  /** Shown, as far as the page's own styles go: rendered, not hidden, not transparent, not collapsed. */
  const shown = (element: HTMLElement): boolean =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !shutItself(element, getComputedStyle(element));
  const openElement = (element: HTMLElement, style: CSSStyleDeclaration): void => {
    element.removeAttribute('hidden');
    if (style.display === 'none') element.style.setProperty('display', 'block', 'important');
    element.style.setProperty('visibility', 'visible', 'important');
    element.style.setProperty('height', 'auto', 'important');
    element.style.setProperty('max-height', 'none', 'important');
    element.style.setProperty('opacity', '1', 'important');
    element.style.setProperty('overflow', 'visible', 'important');
  };

  for (const panel of panels) {
    if (opened >= MAX_PANELS) break;
    if (panel === document.body || panel === document.documentElement) continue;
    if (NON_CONTENT_ROLES.has(panel.getAttribute('role') ?? '') || panel.closest(NAVIGATION)) continue;
    // The panel and the wrappers around it that shut it (a collapse wrapped around the panel
    // that the control names), up to the first shown ancestor.
    const shut: Array<[HTMLElement, CSSStyleDeclaration]> = [];
    let reachesShown = false;
    for (let element: HTMLElement | null = panel, depth = 0; element && element !== document.body && depth < MAX_WRAPPERS; element = element.parentElement, depth++) {
      const style = getComputedStyle(element);
      if (shutItself(element, style)) shut.push([element, style]);
      const parent = element.parentElement;
      if (!parent || shown(parent)) {
        reachesShown = true;
        break;
      }
    }
    if (shut.length === 0 || !reachesShown || !holdsContent(panel)) continue;
    for (const [element, style] of shut) openElement(element, style);
    opened += 1;
  }
  return opened;
}
