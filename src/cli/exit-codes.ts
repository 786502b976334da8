/** Process exit codes, shared by every command and documented in --help and the README. */
export const EXIT = Object.freeze({
  ok: 0,
  /** Some input (page, URL) failed; its error is in the output. */
  someFailed: 1,
  /** Bad usage, bad options, or no browser: nothing was done. */
  usage: 2,
  fatal: 2,
});
