/** The header buttons' icons (stroked 16 px glyphs); the button's text stays its name, shown or visually hidden. */
export type HeaderIconName = 'new' | 'sessions' | 'share' | 'presenter' | 'settings';

const PATHS: Record<HeaderIconName, string> = {
  new: 'M8 3v10M3 8h10',
  sessions: 'M5 4h8M5 8h8M5 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01',
  share: 'M8 10V2.5M5 5.5l3-3 3 3M3.5 8.5v5h9v-5',
  presenter: 'M2 3h12v8H2zM8 11v2.5M5 14h6',
  settings: 'M8 5.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
};

export function HeaderIcon({ name }: { name: HeaderIconName }) {
  return (
    <svg className="header-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
