import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_NAME_PLACEHOLDER, withoutProfileNames } from '../../src/domain/share-link.js';

/** What a shared result shows of a file path (docs/dashboard.md, "Sharing"). */
describe('profile names in shared findings', () => {
  it.each([
    ['C:\\Users\\Bob\\AppData\\loader.exe', 'C:\\Users\\…\\AppData\\loader.exe'],
    ['c:\\users\\BOB\\Desktop', 'c:\\users\\…\\Desktop'],
    ['C:/Users/Bob/AppData/x.dll', 'C:/Users/…/AppData/x.dll'],
    ['C:\\Users/Bob\\x', 'C:\\Users/…\\x'],
    ['C:\\Users\\\\Bob\\x', 'C:\\Users\\\\…\\x'],
    ['\\\\fileserver\\profiles$\\Users\\Bob\\x', '\\\\fileserver\\profiles$\\Users\\…\\x'],
    ['\\\\?\\C:\\Users\\Bob\\x', '\\\\?\\C:\\Users\\…\\x'],
    ['\\\\?\\UNC\\server\\share\\Users\\Bob\\x', '\\\\?\\UNC\\server\\share\\Users\\…\\x'],
    ['\\Device\\HarddiskVolume3\\Users\\Bob\\x', '\\Device\\HarddiskVolume3\\Users\\…\\x'],
    ['C:\\Users\\.\\Bob\\x', 'C:\\Users\\.\\…\\x'],
    ['C:\\Users\\..\\Users\\Bob\\x', 'C:\\Users\\..\\Users\\…\\x'],
    ['C:\\Users\\Public\\..\\Bob\\x', 'C:\\Users\\…\\..\\…\\x'],
    ['C:\\Users.\\Bob\\x', 'C:\\Users.\\…\\x'],
    ['C:\\Documents and Settings\\Bob\\x', 'C:\\Documents and Settings\\…\\x'],
    ['C:\\DOCUME~1\\Bob\\x', 'C:\\DOCUME~1\\…\\x'],
    ['file:///C:/Users/Bob/x', 'file:///C:/Users/…/x'],
    ['"C:\\Users\\Bob Smith\\x.exe" --flag', '"C:\\Users\\…\\x.exe" --flag'],
    ['opened Users\\Bob\\x', 'opened Users\\…\\x'],
    ['/home/bob/.minecraft/mods/x.jar', '/home/…/.minecraft/mods/x.jar'],
    ['/Users/bob/Library/x', '/Users/…/Library/x'],
    ['C:\\Games\\launcher.log', 'C:\\Games\\launcher.log'],
    ['Eulen', 'Eulen'],
  ])('%s → %s', (entry, shared) => {
    expect(withoutProfileNames(entry)).toBe(shared);
  });

  const PREFIXES = [
    'C:',
    'z:',
    '\\\\server\\share',
    '\\\\?\\C:',
    '\\\\.\\C:',
    '\\\\?\\UNC\\server\\share',
    '\\Device\\HarddiskVolume3',
    '',
    'file:///C:',
  ];
  const PARENTS = ['Users', 'Documents and Settings'];
  /** Segments between the profile parent and the name that Windows resolves away. */
  const DETOURS = [
    [],
    ['.'],
    ['.', '.'],
    ['..', 'PARENT'],
    ['Public', '..'],
    ['..', 'PARENT', '.'],
    ['Default', '..', '.'],
  ];
  const REST = ['AppData', 'Local', 'Temp', 'loader.exe'];
  const BEFORE = ['', 'Found ', '"', '('];
  const AFTER = ['', '"', ' (deleted)', ')'];

  const mixCase = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
  const separator = fc.constantFrom('\\', '/', '\\\\', '//', '\\/');
  const userName = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom(...'abcxyzABCXYZ0189'),
        fc.constantFrom(' ', '.', '$', '-', '_', '~', "'"),
        fc.constantFrom('é', 'ß', 'Ж', 'ĳ', '名', 'ﬁ', '😀', 'İ', 'ǅ'),
      ),
      minLength: 1,
      maxLength: 24,
    })
    // Windows refuses names made only of dots and spaces.
    .filter((name) => /[^. ]/.test(name));
  /** Windows compares names without case and without trailing dots and spaces. */
  const asWindowsCompares = (segment: string) => segment.replace(/[. ]+$/, '').toLowerCase();

  it('never shows the user name as the folder below Users, whatever the path form', () => {
    const path = fc.record({
      before: fc.constantFrom(...BEFORE),
      prefix: fc.constantFrom(...PREFIXES),
      parent: fc.constantFrom(...PARENTS).chain(mixCase),
      detour: fc.constantFrom(...DETOURS),
      name: userName,
      rest: fc.subarray(REST),
      after: fc.constantFrom(...AFTER),
      separators: fc.array(separator, { minLength: 12, maxLength: 12 }),
    });
    fc.assert(
      fc.property(path, ({ before, prefix, parent, detour, name, rest, after, separators }) => {
        const segments = [
          ...(prefix === '' ? [] : [prefix]),
          parent,
          ...detour.map((s) => (s === 'PARENT' ? parent : s)),
          name,
          ...rest,
        ];
        // A name spelled like another folder of the path would be found there, not below Users.
        const others = segments.filter((s) => s !== name).flatMap((s) => s.split(/[\\/]+/));
        fc.pre(!others.some((s) => asWindowsCompares(s) === asWindowsCompares(name)));
        const entry = `${before}${segments.map((s, i) => (i === 0 ? s : `${separators[i] ?? '\\'}${s}`)).join('')}${after}`;

        const shared = withoutProfileNames(entry);
        const sharedSegments = shared.split(/[\\/]+/);
        expect(sharedSegments.map(asWindowsCompares)).not.toContain(asWindowsCompares(name));
        expect(shared).not.toContain(`${parent}${separators[segments.indexOf(name)] ?? ''}${name}`);
        expect(sharedSegments).toContain(PROFILE_NAME_PLACEHOLDER);
        // The folders below the profile are kept.
        for (const folder of rest.slice(0, -1)) expect(sharedSegments).toContain(folder);
      }),
      { numRuns: 1000 },
    );
  });
});
