import type { HandoffEntry, RoleEntry, TimelineEntry } from '../state/reducer';

/** How the Timeline lays out its entries: each orchestrator role's steps under its header, the rest as they come. */

export interface RoleGroup {
  kind: 'group';
  /** The role_started entry: the group's id and header. */
  header: RoleEntry;
  /** The role's steps (laid out ones only, when the window starts inside the group). */
  entries: TimelineEntry[];
  /** The role's handoff, which closes the group (null while the role works, or when the run ended first). */
  handoff: HandoffEntry | null;
}

export type TimelineItem = { kind: 'entry'; entry: TimelineEntry } | RoleGroup;

/**
 * Groups entries under the role header before them. A group ends with its handoff, or before the
 * next role's header, a run's task or a run's end: the engine's final check and the run's end sit
 * after the groups. Only entries from `from` on are laid out (the Timeline's window); a group the
 * window starts inside keeps its header. One pass over the entries, no copies of them.
 */
export function groupByRole(entries: readonly TimelineEntry[], from = 0): TimelineItem[] {
  const items: TimelineItem[] = [];
  let open: RoleGroup | null = null;
  /** Whether the open group is among the items yet (a header before the window is not, until an entry of it is laid out). */
  let shown = false;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as TimelineEntry;
    if (entry.kind === 'role') {
      open = { kind: 'group', header: entry, entries: [], handoff: null };
      shown = index >= from;
      if (shown) items.push(open);
      continue;
    }
    if (open !== null && (entry.kind === 'task' || entry.kind === 'end')) open = null;
    if (open !== null) {
      if (index >= from && !shown) {
        items.push(open);
        shown = true;
      }
      if (entry.kind === 'handoff') {
        open.handoff = entry;
        open = null;
      } else if (index >= from) open.entries.push(entry);
      continue;
    }
    if (index >= from) items.push({ kind: 'entry', entry });
  }
  return items;
}
