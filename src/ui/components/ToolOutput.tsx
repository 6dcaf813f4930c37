import { memo, useId, useState } from 'react';
import { previewOutput, withoutEmptyStderr } from '../timeline/format';

/** A tool's result, collapsed to its first lines when long. Memoised on the text, as `AgentText` is. */
export const ToolOutput = memo(function ToolOutput({ output: raw }: { output: string }) {
  const output = withoutEmptyStderr(raw);
  const [expanded, setExpanded] = useState(false);
  const outputId = useId();
  const { preview, collapsible, hiddenLines } = previewOutput(output);

  if (output === '') return <p className="tool-output tool-output--empty">(no output)</p>;
  const more = hiddenLines > 0 ? `Show all (${hiddenLines} more ${hiddenLines === 1 ? 'line' : 'lines'})` : 'Show all';

  return (
    <div className="tool-output-wrap">
      <pre id={outputId} className="tool-output">
        {expanded || !collapsible ? output : `${preview}\n…`}
      </pre>
      {collapsible && (
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={outputId} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : more}
        </button>
      )}
    </div>
  );
});
