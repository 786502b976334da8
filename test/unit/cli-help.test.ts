/**
 * `broadsheet --help` lists the commands from src/cli/command-list.ts without loading them: the
 * listing must be the one the loaded commands give (names, arguments, "[options]",
 * descriptions), so that the table cannot drift from the commands.
 */
import { test, expect } from '@playwright/test';
import { commandsFor, loadedCommands, programShell } from '../../src/cli/main.js';

const helpOf = (factories: Array<(setExit: (code: number) => void) => import('commander').Command>): string => {
  const program = programShell();
  for (const factory of factories) program.addCommand(factory(() => undefined));
  return program.helpInformation();
};

test('the listing of --help equals the loaded commands\' own', async () => {
  const listed = helpOf(await commandsFor(['--help']));
  const loaded = helpOf(await loadedCommands());
  expect(listed).toBe(loaded);
  expect(listed).toContain('extract [options] <inputs...>');
});

test('a named command, or help <command>, is loaded with its options; nothing else is', async () => {
  for (const argv of [['extract', 'page.html'], ['help', 'extract']]) {
    const factories = await commandsFor(argv);
    expect(factories).toHaveLength(1);
    const command = factories[0]!(() => undefined);
    expect(command.name()).toBe('extract');
    expect(command.options.map((o) => o.long)).toContain('--format');
  }
});
