import { describe, expect, it } from 'vitest';
import { storageLine } from '../../../src/ui/sessions/format';

describe("the Sessions dialog's storage figure", () => {
  it("adds up the listed sessions' own sizes, whatever the site's whole usage is", () => {
    expect(storageLine([{ bytes: 1024 * 1024 }, { bytes: 512 * 1024 }], 2 * 1024 * 1024 * 1024)).toBe(
      "2 stored sessions take 1.5 MB of the 2.0 GB this browser allows this site (their own size; the app's offline files are not counted).",
    );
  });

  it('says one session in the singular, and leaves out a quota the browser does not give', () => {
    expect(storageLine([{ bytes: 300 }], null)).toBe("1 stored session takes 300 B (their own size; the app's offline files are not counted).");
    expect(storageLine([], null)).toBe("0 stored sessions take 0 B (their own size; the app's offline files are not counted).");
  });
});
