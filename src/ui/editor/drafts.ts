/**
 * The user's unsaved edits in the Editor, one draft per file: kept when the user turns to another
 * file (its tab and the Editor mark it unsaved), gone once saved or when its file leaves the page.
 */

export interface Draft {
  /** The text as the user left it. */
  text: string;
  /** The file's text the edit started from: the worker refuses the save when the file differs from it by then. */
  base: string;
}

export type Drafts = Readonly<Record<string, Draft>>;

/** The user typed: `shown` is the file's own text. Back to that text, there is nothing to keep. */
export function editDraft(drafts: Drafts, path: string, text: string, shown: string): Drafts {
  const base = drafts[path]?.base ?? shown;
  if (text === base) return withoutDraft(drafts, path);
  return { ...drafts, [path]: { text, base } };
}

/** Saved: the draft holds until the page shows the saved text (the event may come a frame later), no longer unsaved. */
export function savedDraft(drafts: Drafts, path: string, text: string): Drafts {
  const draft = drafts[path];
  if (!draft || draft.text !== text) return drafts;
  return { ...drafts, [path]: { text, base: text } };
}

/** Unsaved: the draft's text differs from the text it started from. */
export function isUnsaved(draft: Draft | undefined): boolean {
  return draft !== undefined && draft.text !== draft.base;
}

/** Drops the drafts the page no longer needs: their file is gone (a new session), or it shows their text (saved). */
export function settleDrafts(drafts: Drafts, files: Readonly<Record<string, { content: string } | undefined>>): Drafts {
  let next: Record<string, Draft> | null = null;
  for (const [path, draft] of Object.entries(drafts)) {
    const file = files[path];
    if (file !== undefined && (isUnsaved(draft) || file.content !== draft.text)) continue;
    next ??= { ...drafts };
    delete next[path];
  }
  return next ?? drafts;
}

function withoutDraft(drafts: Drafts, path: string): Drafts {
  if (drafts[path] === undefined) return drafts;
  const next = { ...drafts };
  delete next[path];
  return next;
}
