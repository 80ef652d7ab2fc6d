// `eva`: EVA Desktop in the terminal. It runs the same core as the
// app on the same data dir — or attaches to the app's when the app runs there —
// so conversations, settings, links and history are one. Exit codes: 0
// answered, 1 error, 2 bad usage, 130 interrupted.
import { readFileSync } from 'node:fs';
import { AppFailure, toAppError } from '@shared/errors';
import { binDirs } from '../services/binaries/bin-dirs';
import { defaultDataDir } from '../services/data-dir/data-paths';
import { appVersion, findAppRoot } from '../host/app-root';
import { askCommand } from './ask-command';
import { chatCommand } from './chat-command';
import { evaCoreOptions, openCoreSession } from './core-session';
import { parseEvaArgs, USAGE } from './eva-args';
import { cliErrorText, cliLanguage, type CliLanguage } from './cli-error-text';
import { createOutput } from './eva-output';
import { EXIT, Interrupted } from './exit-codes';
import { infoCommand } from './info-commands';
import { runCommand } from './run-command';
import { serveApiCommand, untilSignal } from './serve-api-command';
import { setupCommand } from './setup-command';
import { createTerminalPrompt } from './terminal-prompt';

/** The language of eva's words; the terminal's until the settings are read. */
let language: CliLanguage = cliLanguage(undefined);

async function main(argv: string[]): Promise<number> {
  const parsed = parseEvaArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`eva: ${parsed.error}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const { command, options } = parsed;
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  let question: string | null = null;
  // `eva chat` with a pipe or a file for stdin: the whole input is one question.
  const oneShot = command.kind === 'ask' || (command.kind === 'chat' && !process.stdin.isTTY);
  if (oneShot) {
    // No question on the command line: the whole of stdin is the question (a pipe or a file); a terminal must type it.
    question =
      (command.kind === 'ask' ? command.question : null) ??
      (process.stdin.isTTY ? null : readFileSync(0, 'utf8').trim());
    if (!question) {
      process.stderr.write('eva: ask needs a question: eva ask "…", or pipe it in\n');
      return EXIT.usage;
    }
  }
  const log = (text: string) => {
    if (!options.json) process.stderr.write(`${text}\n`);
  };
  const appRoot = findAppRoot(import.meta.dirname);
  const built = import.meta.url.endsWith('.js');
  const session = await openCoreSession(
    evaCoreOptions(
      options.dataDir ?? defaultDataDir(),
      appRoot,
      appVersion(appRoot),
      binDirs({ appRoot }),
      built,
      import.meta.dirname,
    ),
  );
  // The words follow the language chosen in Settings, else the terminal's (and the last words, should eva fail).
  language = cliLanguage((await session.invoke('settings:get')).language);
  const out = createOutput(options.json, process.stdout, process.stderr, language);
  // Ctrl+C: the command's own handler first (stop the answer); a second one quits at once.
  let interruptHandler: (() => void) | null = null;
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts++;
    if (interrupts === 1 && interruptHandler) interruptHandler();
    else void session.close().finally(() => process.exit(EXIT.interrupted));
  });
  const onInterrupt = (handler: () => void) => {
    interruptHandler = handler;
    return () => (interruptHandler = null);
  };
  try {
    if (oneShot) return await askCommand(question!, options, { session, out, log, onInterrupt });
    if (command.kind === 'setup')
      return await setupCommand(session, createTerminalPrompt(), (text) => process.stderr.write(`${text}\n`));
    if (command.kind === 'chat')
      return await chatCommand(options, { session, out, log, onInterrupt, input: process.stdin });
    if (command.kind === 'run')
      return await runCommand(command.task, command.resume, options, {
        session,
        out,
        log,
        onInterrupt,
        prompt: createTerminalPrompt(),
      });
    if (command.kind === 'history' || command.kind === 'models') return await infoCommand(command, session, out, log);
    if (command.kind === 'serve-api')
      return await serveApiCommand(command, options, {
        session,
        out,
        log,
        untilStopped: () => untilSignal(onInterrupt),
      });
    return EXIT.usage;
  } finally {
    await session.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Interrupted) process.exit(EXIT.interrupted);
    const failure = toAppError(error);
    process.stderr.write(`eva: ${cliErrorText(failure, language)}\n`);
    process.exit(error instanceof AppFailure && failure.code === 'bad_request' ? EXIT.usage : EXIT.error);
  },
);
