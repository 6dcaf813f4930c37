import type { ITheme, Terminal } from '@xterm/xterm';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PRESENTER_FONT_SIZE, usePresenterMode } from '../presenter/presenter-mode';
import type { TerminalState } from '../state/reducer';
import { toPlainText } from '../terminal/format';
import { scrollbackTailStart } from '../terminal/scrollback-tail';
import { whenIdle } from '../when-idle';
import { usePrefersDark } from './use-prefers-dark';

import '../styles/terminal.css';

/** Lines xterm keeps above the screen. */
const SCROLLBACK_LINES = 5000;
/**
 * Lines above the screen written at once when a replay moves the terminal elsewhere; the rest of
 * the scrollback follows once the viewer has stayed at that point a while and the page is idle (not
 * at all, if the viewer moves on first). xterm syncs its viewport once per line while its buffer
 * fills: 900 lines took 100 ms of a seek, and still 45 ms when written after it.
 */
const SEEK_TAIL_LINES = 60;
/** How long a replay stays at one point before the terminal fills its scrollback above the tail. */
const BACKFILL_AFTER_MS = 1000;

const DARK: ITheme = { background: '#0d1117', foreground: '#d6dde6', cursor: '#0d1117', selectionBackground: '#2f4a6d' };
const LIGHT: ITheme = { background: '#fbfcfd', foreground: '#1f2328', cursor: '#fbfcfd', selectionBackground: '#b6d3f5' };

interface Xterm {
  terminal: Terminal;
  fit: () => void;
}

/**
 * The terminal never takes input, so it must not keep the keyboard: Tab and Shift+Tab go to the
 * browser (focus moves on) and Escape calls `leave`. Its textarea says it is read-only.
 */
function releaseKeyboard(terminal: Terminal, leave: () => void): void {
  terminal.attachCustomKeyEventHandler((event) => {
    if (event.key === 'Tab') return false;
    if (event.key === 'Escape') {
      if (event.type === 'keydown') leave();
      return false;
    }
    return true;
  });
  terminal.textarea?.setAttribute('aria-label', 'Terminal output, read-only');
  terminal.textarea?.setAttribute('aria-readonly', 'true');
}

async function openXterm(element: HTMLElement, dark: boolean, leave: () => void): Promise<Xterm> {
  const [{ Terminal }, { FitAddon }] = await Promise.all([import('@xterm/xterm'), import('@xterm/addon-fit'), import('@xterm/xterm/css/xterm.css')]);
  const terminal = new Terminal({
    disableStdin: true,
    cursorBlink: false,
    cursorInactiveStyle: 'none',
    scrollback: SCROLLBACK_LINES,
    fontSize: 13,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    theme: dark ? DARK : LIGHT,
    // Programs' colours (ANSI red on the dark background, say) are shifted to 4.5:1 against the
    // background; dim text is left at half of that by xterm, so terminal.css sets its colour.
    minimumContrastRatio: 4.5,
  });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.open(element);
  releaseKeyboard(terminal, leave);
  const fit = () => {
    // fit() throws on a detached or zero-sized element; the next resize fits again.
    try {
      fitAddon.fit();
    } catch {
      /* nothing to fit yet */
    }
  };
  fit();
  return { terminal, fit };
}

/** True when `next` is `previous` with more output after it (what a live run does). */
function isContinuation(previous: TerminalState, next: TerminalState): boolean {
  const previousEnd = previous.dropped + previous.text.length;
  if (next.dropped < previous.dropped || next.dropped + next.text.length < previousEnd) return false;
  // The last stretch both hold must match; checking a tail keeps this cheap on a long log.
  const from = Math.max(next.dropped, previous.dropped, previousEnd - 256);
  return previous.text.slice(from - previous.dropped) === next.text.slice(from - next.dropped, previousEnd - next.dropped);
}

/** Command output as a terminal; a plain-text copy stays in the page for screen readers and tests. */
export function TerminalPanel({ terminal }: { terminal: TerminalState }) {
  const host = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLElement>(null);
  const [xterm, setXterm] = useState<Xterm | null>(null);
  /** Absolute position (see TerminalState.dropped) written to xterm so far, and the state it showed. */
  const written = useRef(0);
  const shownState = useRef<TerminalState | null>(null);
  /** Absolute position of the first character xterm holds, and the pending write of the scrollback above it. */
  const firstWritten = useRef(0);
  const cancelBackfill = useRef<(() => void) | null>(null);
  const fontSize = usePresenterMode() ? PRESENTER_FONT_SIZE : 13;
  const dark = usePrefersDark();
  const darkAtOpen = useRef(dark);
  darkAtOpen.current = dark;
  // xterm (~80 KB gzip) loads with the first command, not with the page; once open it stays open,
  // so a replay moving back before the first command and forward again does not make a new one.
  const hasOutput = terminal.text !== '' || terminal.dropped > 0;
  const [wantXterm, setWantXterm] = useState(hasOutput);
  if (hasOutput && !wantXterm) setWantXterm(true);

  useEffect(() => {
    const element = host.current;
    if (!element || !wantXterm) return;
    let live = true;
    let opened: Xterm | null = null;
    const observer = new ResizeObserver(() => opened?.fit());
    openXterm(element, darkAtOpen.current, () => region.current?.focus()).then(
      (result) => {
        if (!live) return result.terminal.dispose();
        opened = result;
        observer.observe(element);
        setXterm(result);
      },
      () => undefined /* the plain-text log still shows everything */,
    );
    return () => {
      live = false;
      observer.disconnect();
      opened?.terminal.dispose();
    };
  }, [wantXterm]);

  useEffect(() => {
    if (xterm) xterm.terminal.options.theme = dark ? DARK : LIGHT;
  }, [xterm, dark]);

  useEffect(() => {
    if (!xterm) return;
    const end = terminal.dropped + terminal.text.length;
    if (end === written.current && terminal === shownState.current) return;
    // A replay that moved back (or jumped) shows other output: start the terminal over.
    const continues = shownState.current !== null && end >= written.current && isContinuation(shownState.current, terminal);
    if (!continues) {
      cancelBackfill.current?.();
      cancelBackfill.current = null;
      xterm.terminal.reset();
      // Only what the scrollback and the screen can hold (xterm would drop the rest at once), and of
      // that only the last lines now: the scrollback above them is written when the page is idle.
      const rows = xterm.terminal.rows;
      const whole = terminal.dropped + scrollbackTailStart(terminal.text, SCROLLBACK_LINES + rows);
      written.current = terminal.dropped + scrollbackTailStart(terminal.text, SEEK_TAIL_LINES + rows);
      firstWritten.current = written.current;
      if (written.current > whole) {
        cancelBackfill.current = whenIdle(
          () => {
            cancelBackfill.current = null;
            const shown = shownState.current;
            if (!shown) return;
            const start = shown.dropped + scrollbackTailStart(shown.text, SCROLLBACK_LINES + xterm.terminal.rows);
            if (start >= firstWritten.current) return;
            xterm.terminal.reset();
            xterm.terminal.write(shown.text.slice(start - shown.dropped));
            firstWritten.current = start;
            written.current = shown.dropped + shown.text.length;
          },
          { afterMs: BACKFILL_AFTER_MS },
        );
      }
    }
    const from = Math.max(0, written.current - terminal.dropped);
    xterm.terminal.write(terminal.text.slice(from));
    written.current = end;
    shownState.current = terminal;
  }, [xterm, terminal]);

  useEffect(() => () => cancelBackfill.current?.(), []);

  useEffect(() => {
    if (!xterm) return;
    xterm.terminal.options.fontSize = fontSize;
    xterm.fit();
  }, [xterm, fontSize]);

  const plain = useMemo(() => toPlainText(terminal.text), [terminal.text]);

  return (
    <section ref={region} className="panel terminal" aria-labelledby="terminal-heading" tabIndex={-1}>
      <h2 id="terminal-heading" className="panel-title">
        Terminal
      </h2>
      <div className="terminal-body">
        <div ref={host} className="xterm-host" />
        {!hasOutput && <p className="empty terminal-empty">Commands the agent runs and their output appear here.</p>}
      </div>
      {/* role="log" (not announced: aria-live off) lets the copy carry a name; a bare <pre> may not (axe: aria-prohibited-attr). */}
      <pre className="visually-hidden terminal-copy" role="log" aria-live="off" aria-label="Terminal output" data-testid="terminal-log">
        {plain}
      </pre>
    </section>
  );
}
