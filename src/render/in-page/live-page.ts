/**
 * The in-page half of a live page's preparation (issue 24): watching it settle, scrolling it,
 * handling consent dialogs, setting overlays aside and unclamping the body. Runs INSIDE
 * Chromium under the rules of collect-layout.ts: no runtime imports, no references outside the
 * function (it is sent as source text through `pageExpression`), one command per evaluate.
 *
 * The "candidate body" is the element whose paragraph children hold the most text (open shadow
 * roots included, elements inside fixed overlays excluded): what settling watches, what
 * expanders must belong to, and what overlays may never hide.
 */

export type LiveCommand =
  | { op: 'install' }
  | { op: 'probe' }
  | { op: 'consent'; press: 'none' | 'reject' | 'accept' }
  | { op: 'scroll-step' }
  | { op: 'frames' }
  | { op: 'pending' }
  | { op: 'top' }
  | { op: 'unclamp'; press: boolean }
  | { op: 'overlays' }
  | { op: 'mark-body' }
  | { op: 'drop-appended' };

export interface LiveProbe {
  /** Characters of paragraph text in the candidate body. */
  chars: number;
  /** A hash of the candidate body's text (stability across checks). */
  hash: number;
  /** Paragraph text in the whole document (grows with lazy content). */
  pageChars: number;
  /** The body looks like a skeleton: little text, or a loading marker in or around it. */
  weak: boolean;
  /**
   * Milliseconds since the last mutation that added or removed ≥ 30 characters of text, on the
   * page's own clock: the lesser of wall-clock time and the page's timer heartbeat (`install`).
   * On a loaded machine the page's timers fire late — the very timers that will fill a skeleton
   * or append a lazy part — and the heartbeat is late with them, so a quiet window lasts longer
   * in wall-clock time exactly when the page is slow.
   */
  quietMs: number;
  /** The same, for mutations inside the candidate body's article (a ticker beside it does not count). */
  bodyQuietMs: number;
  /** fetch/XHR calls of the page still in flight, seen from inside (counted from `install`). */
  pending: number;
  /** Such mutations since the watch was installed. */
  mutations: number;
  scrollHeight: number;
  readyState: string;
  /** The document has scripts, elements or handler attributes (without any, nothing will change and nothing loads on scroll). */
  scripted: boolean;
}

export interface ConsentFound {
  /** The platform recognised by its markup, or `generic`, or null when no dialog was seen. */
  platform: string | null;
  hasReject: boolean;
  hasAccept: boolean;
  /** What was pressed (`reject`, `accept`) or `none`. */
  pressed: 'none' | 'reject' | 'accept';
}

export interface ScrollStep {
  y: number;
  atBottom: boolean;
  scrollHeight: number;
  /** fetch/XHR calls of the page in flight (see LiveProbe.pending). */
  pending: number;
}

export interface UnclampResult {
  pressed: number;
  unclamped: number;
}

export interface OverlayResult {
  setAside: number;
  /** Scroll locks lifted on html/body. */
  unlocked: number;
}

export function liveInPage(command: LiveCommand): unknown {
  /** Text below this many characters is no body; mutations of less text are ticks (clocks, counters). */
  const MIN_PARAGRAPH_CHARS = 40;
  const SIGNIFICANT_MUTATION_CHARS = 30;
  /** A body with less text than this is a skeleton or a teaser until proven otherwise. */
  const STRONG_BODY_CHARS = 1000;
  const LOADING = /\b(loading|please wait|wird geladen|chargement|cargando)\b|…$/i;
  const CONSENT_WORDS = /cookie|consent|partners|privacy|personal data|gdpr|datenschutz/i;
  const CONSENT_MARKUP: Array<[RegExp, string]> = [
    [/onetrust|optanon/i, 'onetrust'],
    [/didomi/i, 'didomi'],
    [/fc-consent|fc-dialog/i, 'google-funding-choices'],
    [/qc-cmp/i, 'quantcast'],
    [/sp_message|sp-message/i, 'sourcepoint'],
    [/cybotcookiebot|cookiebot/i, 'cookiebot'],
    [/usercentrics|uc-banner/i, 'usercentrics'],
    [/truste|trustarc/i, 'trustarc'],
    [/consent|cookie|cmp|gdpr/i, 'generic'],
  ];
  /** Button labels, whole (after trimming), in several languages. */
  const REJECT = /^(reject|decline|refuse|deny|disagree|i do not accept|do not accept|only necessary|necessary only|use necessary cookies only|reject all|refuse all|decline all|continue without (accepting|agreeing)|ablehnen|alle ablehnen|tout refuser|refuser|rechazar|rifiuta)( all| cookies| all cookies)?$/i;
  const ACCEPT = /^(accept|agree|i agree|i accept|allow|allow all|ok|okay|got it|consent|yes|accept all|accept cookies|accept all cookies|agree and close|akzeptieren|alle akzeptieren|tout accepter|j'accepte|aceptar|accetta)( all| cookies| all cookies|!)?$/i;
  const EXPANDER = /^(read more|continue reading|show more|read full (story|article)|read the (full|whole|rest of the) (story|article)|expand|more|see more|weiterlesen|lire la suite|leer más)( ?[›»…>↓▾+])?$/i;

  interface State {
    lastMutation: number;
    /** The heartbeat's count when the last mutation came (see LiveProbe.quietMs). */
    lastMutationTick: number;
    /** The same, for mutations inside `watchScope`. */
    lastBodyMutation: number;
    lastBodyMutationTick: number;
    /** The candidate body's article when last probed. */
    watchScope?: Element;
    /** Heartbeats so far (one per HEARTBEAT_MS of the page's own timers). */
    ticks: number;
    pending: number;
    /** Mutations that added or removed text (of ≥ 30 characters) since `install`. */
    mutations: number;
    observer?: MutationObserver;
    /** Elements added since `mark-body` (capped), and the body's scope then. */
    added: Element[];
    bodyScope?: Element;
    /** After scrolling: stories appended outside the body's scope are set aside as they come. */
    frozen?: boolean;
  }
  /** Appended elements remembered at most (an endless feed appends without end). */
  const MAX_ADDED = 2000;
  /** The heartbeat: one timer of the page's every 50 ms, for a minute at most. */
  const HEARTBEAT_MS = 50;
  const MAX_TICKS = 1200;
  /**
   * After a scroll: frames to wait, so intersection observers and scroll handlers have run and
   * started their requests (bounded: a page that draws no frames is not waited for).
   */
  const FRAMES_AFTER_SCROLL = 2;
  const FRAME_WAIT_MAX_MS = 1000;
  const w = window as unknown as { __broadsheetLive?: State };

  const textOf = (node: Node): string => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  const isFixed = (element: Element | null): boolean => {
    for (let e = element; e; e = e.parentElement ?? ((e.getRootNode() as ShadowRoot).host ?? null)) {
      const position = getComputedStyle(e).position;
      if (position === 'fixed') return true;
    }
    return false;
  };
  /** Every element, open shadow roots included. */
  const allElements = (): Element[] => {
    const out: Element[] = [];
    const visit = (root: Document | ShadowRoot): void => {
      for (const element of Array.from(root.querySelectorAll('*'))) {
        out.push(element);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return out;
  };
  const visible = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.05;
  };

  interface Candidate {
    element: Element;
    chars: number;
    text: string;
  }
  /** Groups paragraphs by parent; the best group not inside a fixed overlay. */
  const candidateBody = (elements: Element[]): { best: Candidate | null; pageChars: number } => {
    const groups = new Map<Element, Candidate>();
    let pageChars = 0;
    for (const element of elements) {
      const tag = element.localName;
      let text: string;
      if (tag === 'p' || tag === 'blockquote' || tag === 'li' || tag === 'h2' || tag === 'h3') {
        text = textOf(element);
      } else if (tag === 'div' || tag === 'span' || tag === 'section' || tag === 'font' || tag === 'td') {
        // Bodies written in divs (a paragraph per div): the element's own text nodes.
        let own = '';
        for (const child of Array.from(element.childNodes)) if (child.nodeType === Node.TEXT_NODE) own += child.textContent ?? '';
        text = own.replace(/\s+/g, ' ').trim();
      } else continue;
      if (text.length < MIN_PARAGRAPH_CHARS) continue;
      if ((element as HTMLElement).hidden || element.closest('[hidden]')) continue;
      // Not rendered (display: none here or above): a reader does not see it, nor does the snapshot.
      if (element.getClientRects().length === 0) continue;
      pageChars += text.length;
      const parent = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host as Element | undefined);
      if (!parent) continue;
      const group = groups.get(parent) ?? { element: parent, chars: 0, text: '' };
      group.chars += text.length;
      group.text += text;
      groups.set(parent, group);
    }
    const ranked = [...groups.values()].sort((a, b) => b.chars - a.chars).slice(0, 4);
    const best = ranked.find((c) => !isFixed(c.element)) ?? null;
    return { best, pageChars };
  };
  const hash = (text: string): number => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return h >>> 0;
  };

  /**
   * A story appended outside the body's scope: it opens with a headline and has paragraphs of
   * its own (or is an <article>). Lazy parts of the body itself (inside its scope, or without
   * a headline) are not.
   */
  const isAppendedStory = (element: Element, scope: Element): boolean => {
    if (!element.isConnected || scope.contains(element) || element.contains(scope)) return false;
    const heading = element.matches('h1, h2, h3') ? element : element.querySelector('h1, h2, h3');
    if (!heading) return false;
    const paragraphs = Array.from(element.querySelectorAll('p')).filter((p) => textOf(p).length >= MIN_PARAGRAPH_CHARS);
    return paragraphs.length >= 2 || element.matches('article');
  };
  const setAsideStory = (element: Element): void => {
    (element as HTMLElement).style.setProperty('display', 'none', 'important');
    element.setAttribute('data-broadsheet-set-aside', 'appended-story');
  };

  switch (command.op) {
    case 'install': {
      if (w.__broadsheetLive) return true;
      const state: State = { lastMutation: performance.now(), lastMutationTick: 0, lastBodyMutation: performance.now(), lastBodyMutationTick: 0, ticks: 0, pending: 0, mutations: 0, added: [] };
      const beat = (): void => {
        state.ticks += 1;
        if (state.ticks < MAX_TICKS) setTimeout(beat, HEARTBEAT_MS);
      };
      setTimeout(beat, HEARTBEAT_MS);
      // The page's own requests, counted from inside: a request an observer starts is counted
      // the moment it is made (events reach Node later), and until its answer's callbacks had a turn.
      const settled = (): void => {
        setTimeout(() => {
          state.pending = Math.max(0, state.pending - 1);
        }, 0);
      };
      const originalFetch = window.fetch;
      if (typeof originalFetch === 'function') {
        window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>): Promise<Response> {
          state.pending += 1;
          let answer: Promise<Response>;
          try {
            answer = originalFetch.apply(this, args);
          } catch (error) {
            state.pending -= 1;
            throw error;
          }
          answer.then(settled, settled);
          return answer;
        } as typeof fetch;
      }
      const originalSend = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>): void {
        state.pending += 1;
        this.addEventListener('loadend', settled, { once: true });
        try {
          originalSend.apply(this, args);
        } catch (error) {
          this.removeEventListener('loadend', settled);
          state.pending -= 1;
          throw error;
        }
      };
      const significant = (nodes: NodeList): boolean => {
        for (const node of Array.from(nodes)) if ((node.textContent ?? '').length >= SIGNIFICANT_MUTATION_CHARS) return true;
        return false;
      };
      state.observer = new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'childList' && state.bodyScope) {
            for (const node of Array.from(record.addedNodes)) {
              if (!(node instanceof Element)) continue;
              if (state.frozen) {
                if (isAppendedStory(node, state.bodyScope)) setAsideStory(node);
              } else if (state.added.length < MAX_ADDED) state.added.push(node);
            }
          }
          if (
            (record.type === 'childList' && (significant(record.addedNodes) || significant(record.removedNodes))) ||
            (record.type === 'characterData' && (record.target.textContent ?? '').length >= SIGNIFICANT_MUTATION_CHARS)
          ) {
            state.lastMutation = performance.now();
            state.lastMutationTick = state.ticks;
            if (!state.watchScope || !state.watchScope.isConnected || state.watchScope.contains(record.target) || record.target.contains(state.watchScope)) {
              state.lastBodyMutation = state.lastMutation;
              state.lastBodyMutationTick = state.ticks;
            }
            state.mutations += 1;
            if (!state.bodyScope) return;
          }
        }
      });
      state.observer.observe(document, { childList: true, subtree: true, characterData: true });
      w.__broadsheetLive = state;
      return true;
    }
    case 'probe': {
      /** Handlers in attributes (`<body onload=…>`) are scripts too, though `document.scripts` does not count them. */
      const hasInlineHandlers = (): boolean => {
        for (const element of Array.from(document.querySelectorAll('*'))) {
          for (const name of element.getAttributeNames()) if (name.startsWith('on')) return true;
        }
        return false;
      };
      const { best, pageChars } = candidateBody(allElements());
      const around = best ? (best.element.closest('article, main, [role=main]') ?? best.element) : document.body;
      const live = w.__broadsheetLive;
      if (live) live.watchScope = best ? around : undefined;
      /** Quiet on the page's own clock (LiveProbe.quietMs); wall-clock once the heartbeat has stopped. */
      const quiet = (since: number, sinceTick: number): number => {
        if (!live) return 0;
        const wall = performance.now() - since;
        return live.ticks >= MAX_TICKS ? wall : Math.min(wall, (live.ticks - sinceTick) * HEARTBEAT_MS);
      };
      const loading = best === null || around.querySelector('[aria-busy="true"], .loading, .spinner, .skeleton') !== null || LOADING.test(best.text.slice(-200));
      const result: LiveProbe = {
        chars: best?.chars ?? 0,
        hash: hash(best?.text ?? ''),
        pageChars,
        weak: (best?.chars ?? 0) < STRONG_BODY_CHARS || (loading && (best?.chars ?? 0) < 2 * STRONG_BODY_CHARS),
        scripted: document.scripts.length > 0 || hasInlineHandlers(),
        quietMs: live ? quiet(live.lastMutation, live.lastMutationTick) : 0,
        bodyQuietMs: live ? quiet(live.lastBodyMutation, live.lastBodyMutationTick) : 0,
        pending: live?.pending ?? 0,
        mutations: w.__broadsheetLive?.mutations ?? 0,
        scrollHeight: document.documentElement.scrollHeight,
        readyState: document.readyState,
      };
      return result;
    }
    case 'consent': {
      // A consent dialog: fixed, a dialog, or named so, visible, speaking of cookies or consent.
      let dialog: Element | null = null;
      let fallback: Element | null = null;
      const label = (b: Element): string => (b instanceof HTMLInputElement ? b.value : textOf(b)).slice(0, 60);
      const buttonsOf = (e: Element): Element[] =>
        Array.from(e.querySelectorAll('button, [role=button], a, input[type=button], input[type=submit]')).filter((b) => REJECT.test(label(b)) || ACCEPT.test(label(b)));
      for (const element of allElements()) {
        const named = `${element.id} ${typeof element.className === 'string' ? element.className : ''}`;
        const role = element.getAttribute('role');
        const marked = CONSENT_MARKUP.some(([pattern]) => pattern.test(named));
        if (!marked && role !== 'dialog' && role !== 'alertdialog' && element.localName !== 'dialog' && element.getAttribute('aria-modal') !== 'true') continue;
        if (!visible(element) || !CONSENT_WORDS.test(textOf(element).slice(0, 3000))) continue;
        if (!marked && !isFixed(element)) continue;
        // The outermost element of the dialog that has its buttons (elements come in document order).
        if (buttonsOf(element).some(visible)) {
          dialog = element;
          break;
        }
        fallback ??= element;
      }
      dialog ??= fallback;
      const platformOf = (e: Element): string => {
        const names = [e, ...ancestorsOf(e), ...Array.from(e.querySelectorAll('[id], [class]')).slice(0, 50)]
          .map((x) => `${x.id} ${typeof x.className === 'string' ? x.className : ''}`)
          .join(' ');
        return CONSENT_MARKUP.find(([pattern]) => pattern.test(names))?.[1] ?? 'generic';
      };
      if (!dialog) return { platform: null, hasReject: false, hasAccept: false, pressed: 'none' } satisfies ConsentFound;
      const platform = platformOf(dialog);
      const buttons = buttonsOf(dialog).filter(visible);
      const reject = buttons.find((b) => REJECT.test(label(b)));
      const accept = buttons.find((b) => ACCEPT.test(label(b)));
      let pressed: ConsentFound['pressed'] = 'none';
      if (command.press === 'reject' && reject) {
        (reject as HTMLElement).click();
        pressed = 'reject';
      } else if (command.press === 'accept' && accept) {
        (accept as HTMLElement).click();
        pressed = 'accept';
      }
      return { platform, hasReject: reject !== undefined, hasAccept: accept !== undefined, pressed } satisfies ConsentFound;
    }
    case 'scroll-step':
    case 'frames':
    case 'pending': {
      // A step scrolls, then lets the page draw its frames — intersection observers are told at
      // a frame, scroll handlers run before it — so the requests they start are counted before
      // this answers, however slow the machine. `frames` only waits for the frames (answers
      // written into the page show after them), `pending` only looks.
      const root = document.scrollingElement ?? document.documentElement;
      const answer = (): ScrollStep => {
        const y = window.scrollY;
        return { y, atBottom: y + window.innerHeight >= root.scrollHeight - 4, scrollHeight: root.scrollHeight, pending: w.__broadsheetLive?.pending ?? 0 };
      };
      if (command.op === 'pending') return answer();
      if (command.op === 'scroll-step') window.scrollBy(0, Math.max(200, Math.floor(window.innerHeight * 0.9)));
      return new Promise<ScrollStep>((resolve) => {
        let left = FRAMES_AFTER_SCROLL;
        let done = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          // One task more: an observer's callback runs as a task after the frame.
          setTimeout(() => resolve(answer()), 0);
        };
        const frame = (): void => {
          if (--left <= 0) finish();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        setTimeout(finish, FRAME_WAIT_MAX_MS);
      });
    }
    case 'mark-body': {
      // The body's scope before scrolling: what is appended outside it later may be a next story.
      const state = w.__broadsheetLive;
      const { best } = candidateBody(allElements());
      if (!state || !best) return false;
      state.bodyScope = best.element.closest('article, main, [role=main]') ?? best.element;
      state.added = [];
      return true;
    }
    case 'drop-appended': {
      // Stories appended below the body while scrolling (an endless feed of next articles) are
      // set aside (`isAppendedStory`), so they are never glued to the body.
      const state = w.__broadsheetLive;
      if (!state?.bodyScope || !state.bodyScope.isConnected) return 0;
      const scope = state.bodyScope;
      let dropped = 0;
      for (const element of state.added) {
        if (!isAppendedStory(element, scope)) continue;
        setAsideStory(element);
        dropped += 1;
      }
      state.added = [];
      // Stories still on their way (a fetch in flight when scrolling stopped) go the same way.
      state.frozen = true;
      return dropped;
    }
    case 'top': {
      window.scrollTo(0, 0);
      return true;
    }
    case 'unclamp': {
      const { best } = candidateBody(allElements());
      if (!best) return { pressed: 0, unclamped: 0 } satisfies UnclampResult;
      const container = best.element;
      const scope = container.closest('article, main, [role=main]') ?? container.parentElement ?? container;
      let pressed = 0;
      if (command.press) {
        // An expander that belongs to the body: inside its article (or its parent), not a link away.
        for (const element of Array.from(scope.querySelectorAll('button, [role=button], a, summary'))) {
          if (!EXPANDER.test(textOf(element)) || !visible(element)) continue;
          if (element.localName === 'a') {
            const href = element.getAttribute('href') ?? '';
            if (href !== '' && !href.startsWith('#') && !href.startsWith('javascript:')) continue;
          }
          (element as HTMLElement).click();
          pressed += 1;
          break;
        }
      }
      // CSS clamps on the body, its paragraphs and its ancestors up to its article.
      let unclamped = 0;
      const targets: Element[] = [...Array.from(container.children), container, ...ancestorsOf(container).slice(0, 4)];
      for (const element of targets) {
        const style = getComputedStyle(element);
        const html = element as HTMLElement;
        const clips = (style.overflowY === 'hidden' || style.overflowY === 'clip') && element.scrollHeight > element.clientHeight + 8;
        const lineClamp = style.getPropertyValue('-webkit-line-clamp');
        if (clips) {
          html.style.setProperty('max-height', 'none', 'important');
          html.style.setProperty('height', 'auto', 'important');
          html.style.setProperty('overflow', 'visible', 'important');
          unclamped += 1;
        }
        if (lineClamp && lineClamp !== 'none') {
          html.style.setProperty('-webkit-line-clamp', 'unset', 'important');
          html.style.setProperty('display', 'block', 'important');
          html.style.setProperty('overflow', 'visible', 'important');
          unclamped += 1;
        }
      }
      return { pressed, unclamped } satisfies UnclampResult;
    }
    case 'overlays': {
      // Fixed (or sticky) boxes covering a large part of the viewport, that do not hold the body.
      const elements = allElements();
      const { best } = candidateBody(elements);
      const viewport = window.innerWidth * window.innerHeight;
      let setAside = 0;
      for (const element of elements) {
        const style = getComputedStyle(element);
        if (style.position !== 'fixed' && style.position !== 'sticky') continue;
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        if (best && (element.contains(best.element) || element === best.element)) continue;
        const box = element.getBoundingClientRect();
        const w2 = Math.max(0, Math.min(box.right, window.innerWidth) - Math.max(box.left, 0));
        const h2 = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
        const share = (w2 * h2) / viewport;
        // Fixed: a fifth of the viewport (banners, modals, paywall boxes); sticky: half.
        if (share < (style.position === 'fixed' ? 0.2 : 0.5)) continue;
        (element as HTMLElement).style.setProperty('display', 'none', 'important');
        element.setAttribute('data-broadsheet-set-aside', 'overlay');
        setAside += 1;
      }
      let unlocked = 0;
      for (const element of [document.documentElement, document.body]) {
        if (!element) continue;
        const style = getComputedStyle(element);
        if (style.overflowY === 'hidden' || style.overflowY === 'clip' || style.overflow === 'hidden') {
          element.style.setProperty('overflow', 'visible', 'important');
          unlocked += 1;
        }
        if (element === document.body && style.position === 'fixed') {
          element.style.setProperty('position', 'static', 'important');
          unlocked += 1;
        }
      }
      return { setAside, unlocked } satisfies OverlayResult;
    }
  }

  function ancestorsOf(element: Element): Element[] {
    const out: Element[] = [];
    for (let e = element.parentElement; e && e.localName !== 'body' && e.localName !== 'html'; e = e.parentElement) out.push(e);
    return out;
  }
}
