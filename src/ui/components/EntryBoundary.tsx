import { Component, type ReactNode } from 'react';
import { PlainText } from './PlainText';

interface EntryBoundaryProps {
  /** The entry's text, shown as plain text if the entry cannot be shown. */
  text: string;
  children: ReactNode;
}

/** One Timeline entry that throws while rendering shows its text plainly; the rest of the Timeline stays. */
export class EntryBoundary extends Component<EntryBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: EntryBoundaryProps) {
    // A streamed entry that failed gets another chance once its text changes.
    if (this.state.failed && previous.text !== this.props.text) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="group" aria-label="Entry not shown">
        <PlainText text={this.props.text} note="This entry could not be shown; here is its text." />
      </div>
    );
  }
}
