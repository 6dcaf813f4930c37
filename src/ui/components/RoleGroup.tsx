import { type ComponentType, memo } from 'react';
import { roleHeaderText } from '../timeline/format';
import type { RoleGroup as Group } from '../timeline/role-groups';
import type { TimelineItemProps as ItemProps } from './Timeline';

import '../styles/roles.css';

export interface RoleGroupProps {
  group: Group;
  /** Each of the group's laid-out entries' props (entry-props.ts), and its handoff's. */
  items: readonly ItemProps[];
  handoff: ItemProps | null;
  open: boolean;
  onToggle: (id: string, open: boolean) => void;
  /** How one entry is rendered (the Timeline's memoised item), so a group renders entries like the Timeline. */
  Item: ComponentType<ItemProps>;
}

/**
 * One role's turn: a header button (aria-expanded) that shows or hides its steps, the steps, and
 * its handoff card, which stays in view when the steps are hidden. Memoised on the entries'
 * props one by one: a new event renders the group it lands in, not the finished ones.
 */
export const RoleGroupView = memo(function RoleGroupView({ group, items, handoff, open, onToggle, Item }: RoleGroupProps) {
  const { header } = group;
  const bodyId = `role-steps-${header.id}`;
  const state = group.handoff !== null ? 'handed off' : 'working';
  const steps = group.entries.length;
  return (
    <li className={`entry entry--role role-group role-group--${header.role}`} data-role={header.role} data-round={header.round}>
      <h3 className="role-group-heading">
        <button type="button" className="role-group-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => onToggle(header.id, !open)}>
          <span className="role-group-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {roleHeaderText(header)}
        </button>
        <span className="role-group-note">
          {state} · {steps} {steps === 1 ? 'entry' : 'entries'}
        </span>
      </h3>
      <ol id={bodyId} className="timeline-list role-group-steps" hidden={!open}>
        {open && items.map((props) => <Item key={props.entry.id} {...props} />)}
      </ol>
      {handoff && (
        <ol className="timeline-list role-group-handoff">
          <Item {...handoff} />
        </ol>
      )}
    </li>
  );
}, sameGroup);

function sameProps(a: ItemProps, b: ItemProps): boolean {
  return a.entry === b.entry && a.endActions === b.endActions && a.wait === b.wait && a.onAnswer === b.onAnswer && a.openFile === b.openFile;
}

/** Whether a group would render the same: its header, handoff, open state, and each laid-out entry's props. */
export function sameGroup(a: RoleGroupProps, b: RoleGroupProps): boolean {
  if (a.group.header !== b.group.header || a.open !== b.open || a.onToggle !== b.onToggle || a.Item !== b.Item) return false;
  if ((a.handoff === null) !== (b.handoff === null) || (a.handoff && b.handoff && !sameProps(a.handoff, b.handoff))) return false;
  return a.items.length === b.items.length && a.items.every((props, index) => sameProps(props, b.items[index] as ItemProps));
}
