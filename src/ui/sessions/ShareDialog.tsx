import { useRef, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import { SESSION_FILE_SUFFIX } from '../../protocol/session-file';
import { SHARE_LINK_LIMIT_BYTES, shareLinkFor } from '../../protocol/share-fragment';
import { fileHoldsSecret, linkHoldsSecret } from '../../worker/share-check';
import { useModalDialog } from '../components/settings/use-modal-dialog';
import { downloadFile } from '../workspace-io/download';
import { formatBytes } from './format';

import '../styles/settings.css';
import '../styles/sessions.css';

export interface ShareDialogProps {
  open: boolean;
  sessionId: string | null;
  /** Where links point; empty: this page. */
  shareAddress: string;
  /** What must never be in a link or a file (the key and the URL's credentials in Settings): checked on the decoded session before either is offered. */
  secrets: readonly string[];
  /** `withModelHosts` false: models named without their endpoint's address. */
  shareLink: (id: string, withModelHosts: boolean) => Promise<string>;
  exportFile: (id: string, withModelHosts: boolean) => Promise<string>;
  onClose: () => void;
}

const KEY_REFUSED =
  'The session holds the API key (a file or an output of the run carries it), so no link was made. (Sessions stored from now on keep it out of files.)';

type LinkState = { kind: 'making' } | { kind: 'ready'; link: string } | { kind: 'too_long'; bytes: number } | { kind: 'failed'; message: string };

/** Share: the session as a link (in its fragment) or as a `*.phasegate.json` file. */
export function ShareDialog({ open, sessionId, shareAddress, secrets, shareLink, exportFile, onClose }: ShareDialogProps) {
  const [state, setState] = useState<LinkState>({ kind: 'making' });
  const [copied, setCopied] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [withHosts, setWithHosts] = useState(false);
  // The link asked for last: an answer for an earlier choice is dropped.
  const asked = useRef(0);

  const makeLink = (hosts: boolean) => {
    const ticket = ++asked.current;
    setCopied(false);
    setState({ kind: 'making' });
    if (!sessionId) return;
    shareLink(sessionId, hosts).then(
      (encoded) => {
        if (ticket !== asked.current) return;
        const link = shareLinkFor(shareAddress.trim() || `${location.origin}${location.pathname}`, encoded);
        if (linkHoldsSecret(encoded, secrets)) setState({ kind: 'failed', message: KEY_REFUSED });
        else if (link.length > SHARE_LINK_LIMIT_BYTES) setState({ kind: 'too_long', bytes: link.length });
        else setState({ kind: 'ready', link });
      },
      (error: unknown) => ticket === asked.current && setState({ kind: 'failed', message: `The link could not be made: ${messageOf(error)}` }),
    );
  };

  const dialog = useModalDialog(open, () => {
    setFileError(null);
    setWithHosts(false);
    makeLink(false);
  });

  const copy = async () => {
    if (state.kind !== 'ready') return;
    try {
      await navigator.clipboard.writeText(state.link);
      setCopied(true);
    } catch {
      setCopied(false);
      setFileError('The browser did not allow copying; select the link and copy it by hand.');
    }
  };

  const download = async () => {
    if (!sessionId) return;
    try {
      const text = await exportFile(sessionId, withHosts);
      if (fileHoldsSecret(text, secrets)) throw new Error('it would carry the API key (a file or an output of the session holds it)');
      downloadFile(`${sessionId}${SESSION_FILE_SUFFIX}`, text, 'application/json');
    } catch (error) {
      setFileError(`The session file could not be made: ${messageOf(error)}`);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="settings share"
      aria-labelledby="share-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="sessions-body">
        <h2 id="share-title">Share</h2>
        <p className="sessions-note">
          The link holds the whole session after its #, which browsers never send to a server. It holds no API key, and it names models without their
          endpoint&apos;s address unless you include it below.
        </p>
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              aria-describedby="share-hosts-note"
              checked={withHosts}
              onChange={(event) => {
                setWithHosts(event.target.checked);
                makeLink(event.target.checked);
              }}
            />
            Include the model&apos;s address
          </label>
          <p id="share-hosts-note" className="field-note">
            {withHosts
              ? 'The link and the file name each model with its endpoint, e.g. "gpt-4o-mini @ gpu-box:8000".'
              : 'Off: "gpt-4o-mini @ gpu-box:8000" travels as "gpt-4o-mini", and the address anywhere else in the session (an error message) as "the model\'s endpoint". The workspace files travel as they are.'}
          </p>
        </div>
        <label className="field">
          <span>Share link</span>
          <input
            readOnly
            className="text-input share-link"
            aria-label="Share link"
            value={state.kind === 'ready' ? state.link : ''}
            placeholder={state.kind === 'making' ? 'Making the link…' : ''}
            onFocus={(event) => event.target.select()}
          />
        </label>
        {state.kind === 'too_long' && (
          <p role="alert" className="sessions-error">
            This session makes a link of {formatBytes(state.bytes)}, over the {formatBytes(SHARE_LINK_LIMIT_BYTES)} a link can reliably carry. Share the session
            file instead.
          </p>
        )}
        {state.kind === 'failed' && (
          <p role="alert" className="sessions-error">
            {state.message}
          </p>
        )}
        {fileError && (
          <p role="alert" className="sessions-error">
            {fileError}
          </p>
        )}
        <div className="sessions-footer">
          <button type="button" className="button button--primary" disabled={state.kind !== 'ready'} onClick={() => void copy()}>
            Copy link
          </button>
          <button type="button" className="button" disabled={!sessionId} onClick={() => void download()}>
            Download session file
          </button>
          <span aria-live="polite">{copied ? 'Copied.' : ''}</span>
          <button type="button" className="button sessions-close" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
