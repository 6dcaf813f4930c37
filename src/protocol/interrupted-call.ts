/**
 * The tool result of a call that was in flight when the page or the engine went away. A resumed
 * run restores the workspace to its snapshot from before the call, so the call had no effect.
 * Shared because the scripted model recognises it (it repeats such a call, as a model would).
 */
export const INTERRUPTED_CALL_RESULT = `This call was interrupted before it finished (the page was reloaded or the engine stopped), and it was not run again. The workspace is as it was before the call. Call it again if it is still needed.`;
