import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch, PAGE_EVIDENCE, PAGE_EVIDENCE_PASSAGES, withPageEvidence } from '../../src/pipeline/search/hybridSearch.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { indexedFiles } from '../helpers/fixtureIndex.js';

// A guide whose three sections each speak of installing packages, and a list of mirrors that
// names the repository over and over but says little of installing.
const SECTIONS = [
  'Installing packages from a repository. To install packages, call the installer with the names of the packages you want. The installer fetches each package, checks that the packages it depends on are present, and builds it. Binary packages need no compiler; source packages need the compilers and tools of your platform. When the installer has finished, it lists the packages it installed and any that failed, with the reason for each failure. A failed package leaves the packages installed before it as they were, so that you can fix what it needed and install it again without starting over. The log of each run is kept beside the library for a week.',
  'Where packages are installed. By default the installer puts packages in the first library on the search path that you can write to. If none is writable, it offers to create a personal library in your home folder and installs the packages there. To install packages somewhere else, give the installer the folder as its library argument, and add that folder to the search path before you load them. Each library keeps one copy of a package: installing a package again replaces the copy that was there, and the installer says which version it replaced. Several users may share one library when each of them can write to it.',
  'Keeping installed packages up to date. Packages you install are not updated by themselves. Ask the installer to update packages now and then: it compares each installed package with the newest version the repository offers and installs the ones that changed. Packages that are part of the system itself are updated with it, not by the installer, and need no further steps from you. Updating never removes a package; to remove one, ask the remover for it by name. After an update, restart the sessions that had loaded the old copies, since a running session keeps the copy it loaded first.',
  'Installing packages from source. A package that comes as source must be built before it is installed: the installer unpacks it, compiles its code and installs the result like any binary package. Install the compilers first. On a machine without them, ask the repository for a binary build of the packages you need, which the installer prefers where one exists for your platform and version.',
];
const MIRRORS = 'Mirrors of CRAN. Pick the mirror nearest to you: every CRAN mirror holds the same contents, packages included, updated daily from the main CRAN site.';

// Notes on other things, so that the question's words are about as rare as in a real folder.
const NOTES = [
  'The boiler must be serviced once a year by a certified engineer. The service takes about an hour and costs ninety euros.',
  'Minutes of the team meeting: the budget for next quarter was approved, and the office move is planned for March.',
  'The garden hose connects to the tap behind the shed. Drain it before the first frost so that it does not burst.',
  'Your travel insurance covers lost luggage up to a thousand euros per trip, provided you report the loss within a day.',
  'The printer on the second floor prints double-sided by default. Choose single-sided in the dialog when you need it.',
  'To reset the router, hold the button on its back for ten seconds until the lights blink, then wait two minutes.',
  'The library closes at six on weekdays and at noon on Saturdays; returns can be left in the box by the door.',
  'Bring your passport and two photos to the town hall to renew your identity card; the fee is paid by card.',
  'The kitchen fitter comes on Tuesday at eight to measure the worktop and the space for the dishwasher.',
  'Water the tomato plants every other evening in summer, and feed them once a week when the first fruit sets.',
  'The car is due for its inspection in May; book it at the garage on the ring road, which also changes the tyres.',
  'Our dentist moved to the new health centre next to the station; appointments are made by phone only.',
  'The heat pump runs quietly at night; its filter should be cleaned every three months with lukewarm water.',
  'Train tickets bought online can be shown on the phone; a printed copy is not needed for the conductor.',
  'The school trip costs forty euros, to be paid before Friday; children bring their own lunch and a raincoat.',
  'Back up the photos on the external disk every month, and keep the disk in a drawer away from the computer.',
];

describe('a page\'s evidence in the keyword ranking', () => {
  let store: IndexStore;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ store, cleanup } = await indexedFiles({
      'installing-packages.txt': SECTIONS.join('\n\n'),
      'mirrors.txt': MIRRORS,
      ...Object.fromEntries(NOTES.map((note, i) => [`note-${i + 1}.txt`, note])),
    }));
  });
  afterAll(() => cleanup());

  it('adds the mean of the best passages of each passage\'s page', () => {
    const passages = store.db.prepare('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY c.id').all() as { id: number; path: string }[];
    const guide = passages.filter((p) => p.path.endsWith('installing-packages.txt')).map((p) => p.id);
    const mirror = passages.find((p) => p.path.endsWith('mirrors.txt'))!.id;
    expect(guide.length).toBeGreaterThanOrEqual(2);
    const scores = new Map<number, number>([[mirror, 9], ...guide.map((id, i) => [id, 6 - i] as const)]);
    const withPage = withPageEvidence(store, scores);
    const best = guide.map((_, i) => 6 - i).slice(0, PAGE_EVIDENCE_PASSAGES);
    const pageMean = best.reduce((a, b) => a + b, 0) / PAGE_EVIDENCE_PASSAGES;
    guide.forEach((id, i) => expect(withPage.get(id)).toBeCloseTo(6 - i + PAGE_EVIDENCE * pageMean, 6));
    // A page of one passage: its own score is the only one of its best three.
    expect(withPage.get(mirror)).toBeCloseTo(9 + (PAGE_EVIDENCE * 9) / PAGE_EVIDENCE_PASSAGES, 6);
    // A passage the index does not have is a page of its own.
    expect(withPageEvidence(store, new Map([[999_999, 3]])).get(999_999)).toBeCloseTo(3 + (PAGE_EVIDENCE * 3) / PAGE_EVIDENCE_PASSAGES, 6);
  });

  it('lists first the page that speaks of the question throughout, and keeps the order by passage alone beside it', async () => {
    const r = await hybridSearch(store, 'install packages from CRAN', { k: 5, pageEvidence: true });
    expect(r.passageHits).toBeDefined();
    // By passage alone, the mirrors' repeated name wins; with its page's evidence, the guide does.
    expect(r.passageHits![0]!.path.endsWith('mirrors.txt')).toBe(true);
    expect(r.hits[0]!.path.endsWith('installing-packages.txt')).toBe(true);
    expect(new Set(r.hits.map((h) => h.chunkId))).toEqual(new Set(r.passageHits!.map((h) => h.chunkId)));
    // Without the option the search is as it was: the order by passage, and no second list.
    const plain = await hybridSearch(store, 'install packages from CRAN', { k: 5 });
    expect(plain.passageHits).toBeUndefined();
    expect(plain.hits.map((h) => h.chunkId)).toEqual(r.passageHits!.map((h) => h.chunkId));
  });
});
