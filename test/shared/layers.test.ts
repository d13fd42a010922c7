import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/tmp.js';

const eslint = new ESLint({ cwd: REPO });

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${filePath}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layer rule (eslint no-restricted-imports)', () => {
  it('refuses Electron in src/pipeline and src/shared', async () => {
    expect(await lintAs('src/pipeline/bad.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([
      expect.stringMatching(/no-restricted-imports: .*pure: no Electron/),
    ]);
    expect(await lintAs('src/shared/bad.ts', "import { ipcMain } from 'electron/main';\nexport const a = ipcMain;\n")).toHaveLength(1);
  });

  it('refuses the renderer and app layers in src/pipeline', async () => {
    expect(await lintAs('src/pipeline/bad.ts', "import { x } from '../renderer/App.js';\nexport const a = x;\n")).toEqual([
      expect.stringMatching(/may not import the app layers/),
    ]);
  });

  it('lets the renderer import only src/shared', async () => {
    expect(await lintAs('src/renderer/bad.ts', "import { IndexStore } from '../pipeline/store/indexStore.js';\nexport const a = IndexStore;\n")).toHaveLength(1);
    expect(await lintAs('src/renderer/bad.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toHaveLength(1);
    expect(await lintAs('src/renderer/ok.ts', "import { DocentError } from '../shared/errors.js';\nexport const a = DocentError;\n")).toEqual([]);
  });

  it('allows Electron in src/main', async () => {
    expect(await lintAs('src/main/ok.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
  });
});
