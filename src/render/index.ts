// The render stage's public pieces. Only src/render/ imports Playwright; other stages get
// plain data (LayoutSnapshot) and the few types below. Inputs are read by src/input/, markup is
// prepared by src/markup/, the network is guarded by src/net/.
export {
  BROWSER_INSTALL_HELP,
  CHROMIUM_ARGS,
  CHROMIUM_ENV_VAR,
  SYSTEM_CHROMIUM_PATHS,
  HEADLESS_SHELL_PATHS,
  closeBrowser,
  closeOnSignals,
  findChromium,
  launchBrowser,
  withBrowser,
  type ChromiumLocation,
  type Closable,
  type LaunchBrowserOptions,
} from './browser.js';
export {
  MAX_SCREENSHOT_HEIGHT_PX,
  RenderSession,
  type Overlay,
  type RenderInput,
  type RenderSessionOptions,
  type RenderedPage,
} from './session.js';
export {
  DEFAULT_RENDER_OPTIONS,
  resolveRenderOptions,
  type RenderOptions,
  type RenderOptionsInput,
} from './options.js';
export { BLOCKABLE_RESOURCE_TYPES, savedPageContentType } from './request-policy.js';
export { takeSnapshot } from './snapshot.js';
export type { Browser } from 'playwright';
