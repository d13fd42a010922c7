import { describe, expect, it } from 'vitest';
import { folderPlace } from '../../src/shared/words.js';

describe('a result shows where it lies under an indexed folder', () => {
  it('names the folder and the folders under it, not the path before it', () => {
    expect(folderPlace('/home/ann/Manuals/heat-pump/install.pdf', ['/home/ann/Manuals'])).toBe('Manuals › heat-pump');
    expect(folderPlace('/home/ann/Manuals/install.pdf', ['/home/ann/Manuals', '/home/ann/Notes'])).toBe('Manuals');
    // The deepest folder that holds it, where indexed folders nest; Windows paths alike.
    expect(folderPlace('/home/ann/Manuals/pdf/a/b.pdf', ['/home/ann/Manuals', '/home/ann/Manuals/pdf/'])).toBe('pdf › a');
    expect(folderPlace('C:\\Users\\ann\\Docs\\2026\\offer.docx', ['C:\\Users\\ann\\Docs'])).toBe('Docs › 2026');
  });

  it('shows the folder path of a file no indexed folder holds, and is not fooled by a name that only begins alike', () => {
    expect(folderPlace('/home/ann/Manuals2/x.pdf', ['/home/ann/Manuals'])).toBe('/home/ann/Manuals2');
    expect(folderPlace('/srv/x.pdf', [])).toBe('/srv');
    expect(folderPlace('x.pdf', [])).toBe('x.pdf');
    expect(folderPlace('/home/ann/Manuals', ['/home/ann/Manuals'])).toBe('/home/ann');
  });
});
