import { useEffect, useState } from 'react';
import { messageOf } from '../../protocol/error-message';

/**
 * The default phase policy as a read-only reference. Loaded on demand: the policy
 * module (and the shell rules it names) stays out of the page's first bundle.
 */
export function DefaultPolicy() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('../../engine/policy').then(
      ({ DEFAULT_POLICY }) => live && setText(JSON.stringify(DEFAULT_POLICY, null, 2)),
      (error: unknown) => live && setText(`The defaults could not be loaded: ${messageOf(error)}`),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <details className="policy-defaults">
      <summary>Default policy (read-only)</summary>
      <pre tabIndex={0} aria-label="Default policy JSON">
        {text ?? 'Loading…'}
      </pre>
    </details>
  );
}
