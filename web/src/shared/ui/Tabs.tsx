import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { nextTab } from '../lib/tabs';
import styles from './Tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  /** The tab's text, with any count or badge after it. */
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /**
   * pills: a row of pills on a sunken track that scrolls when it overflows; segmented: the same track
   * cut into equal columns at the text size around it; underline: tabs over a rule, the selected one
   * underlined.
   */
  look?: 'pills' | 'segmented' | 'underline';
  /** Pills only: two rows of two when the container is narrow (four tabs with counts). */
  pairsWhenNarrow?: boolean;
  /** Extra class for the tab list (its margins). */
  className?: string;
  panelClassName?: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * The one tab list of the app (WAI-ARIA tabs pattern, automatic activation): the selected tab alone
 * is in the Tab order (roving tabindex); arrow keys, Home and End select and focus another tab; each
 * tab controls the panel, which is labelled by the selected tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  look = 'pills',
  pairsWhenNarrow = false,
  className,
  panelClassName,
  children,
}: TabsProps<T>) {
  const base = useId();
  const tabId = (id: T) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;
  const ids = tabs.map((tab) => tab.id);
  const current = ids.includes(selected) ? selected : ids[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (current === undefined) return;
    const next = nextTab(event, ids, current);
    if (next === null) return;
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };

  const listClass = [styles.list, styles[look], pairsWhenNarrow && look === 'pills' ? styles.pairs : '', className ?? ''];
  return (
    <>
      <div className={listClass.filter(Boolean).join(' ')} role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab.id === current}
            aria-controls={panelId}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={current === undefined ? undefined : tabId(current)} className={panelClassName}>
        {children}
      </div>
    </>
  );
}
