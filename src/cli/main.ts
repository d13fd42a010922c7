import { Command, InvalidArgumentError, Option } from 'commander';
import { parseMegabytes, parsePositiveInt, parseSimilarity } from './context.js';
import { reportError } from './output.js';
import { runForget } from './commands/forgetCommand.js';
import { runIndex } from './commands/indexCommand.js';
import { runAsk, runSessions } from './commands/askCommand.js';
import { parseEngine, runRewrite } from './commands/rewriteCommand.js';
import { runModelsAdd, runModelsDownload, runModelsList } from './commands/modelsCommand.js';
import { runServe } from './commands/serveCommand.js';
import { runSearch } from './commands/searchCommand.js';
import { runStatus } from './commands/statusCommand.js';
import { runWatch } from './commands/watchCommand.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function wrapArg<T>(parse: (v: string) => T) {
  return (v: string): T => {
    try {
      return parse(v);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  };
}

export function buildProgram(): Command {
  const program = new Command()
    .name('docent')
    .description('Search your own files and ask about them, offline.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)');

  const dbOption = new Option('--db <file>', 'the index file (default: index.sqlite in $DOCENT_HOME or the app-data folder)');
  const indexOptions = (cmd: Command): Command =>
    cmd
      .addOption(dbOption)
      .option('--max-size <MB>', 'skip files larger than this (default 100)', wrapArg(parseMegabytes))
      .option('--ignore <pattern>', 'gitignore-style pattern to leave out (repeatable)', collect)
      .option('--no-vectors', 'only keyword-index now; make vectors later')
      .option('--embedder <name>', 'embedder for a new index: "use" (built in, default) or "onnx:<folder in models/>"')
      .option('--reembed', 'drop all vectors and make them again (with --embedder: switch embedder)')
      .option('--json', 'print the summary as JSON');

  indexOptions(program.command('index').description('index folders; only changed files are re-read (no folder: every indexed folder again)').argument('[folder...]'))
    .option('--rebuild', 'if the index is damaged, keep it aside and index its folders into a fresh one')
    .action((folders: string[], opts) => runIndex(folders, opts));

  indexOptions(program.command('watch').description('index folders, then keep the index current as files change').argument('<folder...>'))
    .action((folders: string[], opts) => runWatch(folders, opts));

  const models = program.command('models').description('the local models: list (with size and SHA-256), add a file, or download a recommended one');
  models.command('list', { isDefault: true }).description('installed and recommended models').option('--json', 'print as JSON').action((opts) => runModelsList(opts));
  models.command('add').description('copy a GGUF model file (checked) or an ONNX encoder folder into the models folder').argument('<path>').action((path: string) => runModelsAdd(path));
  models
    .command('download')
    .description('download a recommended model into the models folder (resumes; checks the SHA-256)')
    .argument('<id>')
    .action((id: string) => runModelsDownload(id));

  program
    .command('serve')
    .description('Docent in your browser: the app over loopback HTTP (127.0.0.1 only, with a token made for this run)')
    .option('--port <n>', 'port to listen on (default: any free one)', wrapArg((v) => parsePositiveInt(v, '--port')))
    .option('--open', 'open the address in the default browser')
    .option('--no-vectors', 'search by keywords only (no sentence encoder)')
    .addOption(dbOption)
    .action((opts) => runServe(opts));

  program
    .command('status')
    .description('what is indexed, and every file that could not be, with the reason')
    .addOption(dbOption)
    .option('--json', 'print as JSON')
    .action((opts) => runStatus(opts));

  program
    .command('search')
    .description('hybrid keyword + meaning search over the index')
    .argument('<text>')
    .addOption(dbOption)
    .option('-k, --k <n>', 'number of results', wrapArg((v) => parsePositiveInt(v, '--k')), 10)
    .option('--json', 'print as JSON')
    .action((text: string, opts) => runSearch(text, opts));

  program
    .command('ask')
    .description('answer a question from your files, with citations; follow-ups continue a --session')
    .argument('<question>')
    .option('--session <id>', 'continue this conversation (its id is printed with each answer)')
    .addOption(dbOption)
    .option('--json', 'print the answer, citations, rewrite, plan and stage times as JSON')
    .option('--explain', 'show every stage with what it did and its time')
    .option('--model <file>', 'the GGUF instruct model to rewrite and answer with (default: the largest .gguf in models/)')
    .option('--no-llm', 'use the built-in engines even when a model is installed')
    .option('--llm-always', 'use the model for the rewrite and the answer even where it is too slow on this machine')
    .action((question: string, opts) => runAsk(question, opts));

  program
    .command('sessions')
    .description('list conversations kept in the index, or delete one')
    .option('--delete <id>', 'delete this session')
    .addOption(dbOption)
    .option('--json', 'print as JSON')
    .action((opts) => runSessions(opts));

  program
    .command('rewrite')
    .description('fold a conversation into a follow-up question, as Docent does before searching')
    .argument('<query>')
    .option('--history <file>', 'the conversation so far: JSON [{"role": "user"|"assistant", "text": "..."}]')
    .option('--engine <name>', 'lexical (built in) or llm (a GGUF model in models/)', wrapArg(parseEngine), 'lexical')
    .option('--model <file>', 'the GGUF model for --engine llm (default: the largest .gguf in models/)')
    .option('--budget <ms>', 'time budget of the LLM engine before it falls back (default 3000)', wrapArg((v) => parsePositiveInt(v, '--budget')))
    .option('--threshold <cosine>', 'keep turns at least this similar to the question (default 0.3)', wrapArg(parseSimilarity))
    .option('--max-turns <n>', 'keep at most this many turns (default 5)', wrapArg((v) => parsePositiveInt(v, '--max-turns')))
    .option('--no-last-turn', 'do not always keep the most recent turn')
    .option('--char-limit <n>', 'cut assistant messages to this many characters (default 500)', wrapArg((v) => parsePositiveInt(v, '--char-limit')))
    .addOption(dbOption)
    .option('--json', 'print the RewriteResult as JSON')
    .option('--explain', 'also show the options, the turns kept with their similarity, and what the engine weighed')
    .option('--debug', 'print debug log lines to stderr')
    .action((query: string, opts) => runRewrite(query, opts));

  program
    .command('forget')
    .description('remove a folder and everything indexed from it')
    .argument('<folder>')
    .addOption(dbOption)
    .action((folder: string, opts) => runForget(folder, opts));

  // Every command takes --debug: with an error, its details (a stack trace) too.
  for (const cmd of program.commands) {
    if (!cmd.options.some((o) => o.long === '--debug')) cmd.option('--debug', 'with an error, show its details (a stack trace) too');
  }
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (err) {
    reportError(err);
  }
}
