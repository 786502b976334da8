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
 * - `role="tabpanel"` panels that are not shown.
 * Never a navigation's: a control or panel inside `nav`, `header`, a menu or a dialog, a panel
 * whose role is a menu's or a dialog's or that holds one, or one whose text is mostly link text
 * (a dropdown of links) stays shut. Returns how many panels were opened.
 */
export function openDisclosures(): number {
  /** At most this many panels are opened per page (each costs a style change and its text measure). */
  const MAX_PANELS = 200;
  /** A panel whose link text is at least this share of its text is a menu, not content. */
  const MAX_LINK_SHARE = 0.5;
  /** Where a control or panel belongs to the site's navigation or an overlay. */
  const NAVIGATION = 'nav, header, [role="navigation"], [role="menu"], [role="menubar"], [role="dialog"], [role="alertdialog"], dialog, [aria-modal="true"]';
  /** Menus and dialogs inside a panel: the panel is a dropdown or an overlay. */
  const MENUS = '[role="menu"], [role="listbox"], [role="dialog"], details-menu, menu';
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

  for (const panel of panels) {
    if (opened >= MAX_PANELS) break;
    if (panel === document.body || panel === document.documentElement) continue;
    if (NON_CONTENT_ROLES.has(panel.getAttribute('role') ?? '') || panel.closest(NAVIGATION)) continue;
    const style = getComputedStyle(panel);
    const shut = panel.hidden || style.display === 'none' || style.visibility === 'hidden' || style.height === '0px';
    if (!shut) continue;
    if (!holdsContent(panel)) continue;
    panel.hidden = false;
    if (style.display === 'none') panel.style.setProperty('display', 'block', 'important');
    panel.style.setProperty('visibility', 'visible', 'important');
    panel.style.setProperty('height', 'auto', 'important');
    panel.style.setProperty('max-height', 'none', 'important');
    panel.style.setProperty('opacity', '1', 'important');
    panel.style.setProperty('overflow', 'visible', 'important');
    opened += 1;
  }
  return opened;
}
