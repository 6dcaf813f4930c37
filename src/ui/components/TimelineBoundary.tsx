import { Component, type ReactNode } from 'react';

interface TimelineBoundaryProps {
  /** The session on the page: another one gets a fresh try. */
  sessionId: string | null;
  /** Deletes the session on the page and starts a new one (null: nothing stored to discard). */
  onDiscard: (() => void) | null;
  children: ReactNode;
}

/**
 * The Timeline as a whole failed to render (a stored session it cannot show): the page stays,
 * with a notice and a way to discard that session, so it does not come back on every load.
 */
export class TimelineBoundary extends Component<TimelineBoundaryProps, { error: string | null }> {
  override state: { error: string | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override componentDidUpdate(previous: TimelineBoundaryProps) {
    if (this.state.error !== null && previous.sessionId !== this.props.sessionId) this.setState({ error: null });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const { onDiscard } = this.props;
    return (
      <section className="panel timeline" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="panel-title">
          Timeline
        </h2>
        <div role="alert" className="problems">
          <p>This session could not be shown: {this.state.error}</p>
          {onDiscard && (
            <button type="button" className="button" onClick={onDiscard}>
              Discard this session
            </button>
          )}
        </div>
      </section>
    );
  }
}
