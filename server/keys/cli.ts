/**
 * Key management CLI: `npm run keys -- create|list|revoke ...` (see USAGE in cli-commands.ts).
 * It edits the key file in place; a running server picks the change up without a restart.
 */
import { runKeysCli } from './cli-commands.ts';
import { keysFileOf } from './key-file.ts';

process.exitCode = runKeysCli(process.argv.slice(2), {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  keysFile: keysFileOf(),
});
