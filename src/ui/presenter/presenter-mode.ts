import { createContext, useContext } from 'react';

/** The smallest type presenter mode allows in the timeline, the editor and the terminal. */
export const PRESENTER_FONT_SIZE = 20;

/** Whether the page is in presenter mode (large type for a room), for the editor and the terminal. */
export const PresenterModeContext = createContext(false);

export function usePresenterMode(): boolean {
  return useContext(PresenterModeContext);
}
