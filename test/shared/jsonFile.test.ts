import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../../src/shared/jsonFile.js';
import { tempDir } from '../helpers/tmp.js';

const t = tempDir();
afterAll(() => t.cleanup());
const Schema = z.object({ size: z.number().int().min(1), dark: z.boolean().default(false) });

describe('the app\'s own JSON files', () => {
  it('are written whole, with their folder, and read back through their schema', () => {
    const file = join(t.dir, 'nested', 'settings.json');
    writeJsonFile(file, { size: 3 });
    expect(readdirSync(join(t.dir, 'nested'))).toEqual(['settings.json']);
    expect(readJsonFile(file, Schema)).toEqual({ size: 3, dark: false });
    writeJsonFile(file, { size: 4, dark: true });
    expect(readJsonFile(file, Schema)).toEqual({ size: 4, dark: true });
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
  });

  it('read as nothing when missing, damaged or no longer fitting; defaults fill what a file lacks', () => {
    const file = join(t.dir, 'other.json');
    expect(existsSync(file)).toBe(false);
    expect(readJsonFile(file, Schema)).toBeUndefined();
    writeFileSync(file, '{"size": 3');
    expect(readJsonFile(file, Schema)).toBeUndefined();
    writeFileSync(file, '{"size": 0}');
    expect(readJsonFile(file, Schema)).toBeUndefined();
    writeFileSync(file, '{"dark": true}');
    expect(readJsonFile(file, Schema, { size: 2 })).toEqual({ size: 2, dark: true });
    writeFileSync(file, '[1, 2]');
    expect(readJsonFile(file, Schema, { size: 2 })).toBeUndefined();
  });
});
