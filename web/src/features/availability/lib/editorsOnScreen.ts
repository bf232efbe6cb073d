import { useEffect } from 'react';

/** How many weekly editors are on screen: they show a refusal themselves, so no toast is needed then. */
let count = 0;

export function editorsOnScreen(): number {
  return count;
}

/** The editor calls this while mounted. */
export function useEditorOnScreen(): void {
  useEffect(() => {
    count += 1;
    return () => {
      count -= 1;
    };
  }, []);
}
