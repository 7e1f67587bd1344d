import { takeSecrets, type Secrets } from '../common/secrets.js';
/** Where a CLI command writes; the binary passes process streams, tests pass buffers. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM); tests resolve it by hand. */
  untilSignal: () => Promise<string>;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** What the process took out of `env` first thing (takeSecrets); absent: none taken (tests). */
  secrets?: Secrets;
  /** stderr is a terminal (progress redraws one line); absent means no. */
  stderrIsTTY?: boolean;
}

/** The real process's streams and signals. */
export function processIo(): CliIo {
  // First thing: no child of the CLI can inherit a token after this (src/common/secrets.ts).
  const secrets = takeSecrets();
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    untilSignal: () =>
      new Promise((resolve) => {
        const onSignal = (signal: NodeJS.Signals): void => {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          resolve(signal);
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
      }),
    cwd: process.cwd(),
    env: process.env,
    secrets,
    stderrIsTTY: process.stderr.isTTY,
  };
}
