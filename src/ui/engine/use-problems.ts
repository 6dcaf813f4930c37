import { useCallback, useState } from 'react';

export interface Problems {
  problems: string[];
  addProblem: (message: string) => void;
  clearProblems: () => void;
}

/** The problems the page shows above the timeline, in the order they happened. */
export function useProblems(): Problems {
  const [problems, setProblems] = useState<string[]>([]);
  const addProblem = useCallback((message: string) => setProblems((list) => [...list, message]), []);
  const clearProblems = useCallback(() => setProblems([]), []);
  return { problems, addProblem, clearProblems };
}
