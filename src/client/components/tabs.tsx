import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  /** Stable within the list; used in element ids. */
  id: string;
  label: string;
  /** Rendered only while its tab is selected, so a tab's data loads when it is opened. */
  render: () => ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers, e.g. "Your reading". */
  label: string;
  tabs: readonly TabItem[];
  /** The tab selected first; the first tab when omitted. */
  initialTabId?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop for the whole list, arrow keys (and
 * Home and End) move between tabs and select them, each tab controls its own panel.
 */
export function Tabs({ label, tabs, initialTabId }: TabsProps) {
  const baseId = useId();
  const [selectedId, setSelectedId] = useState(initialTabId ?? tabs[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const selected = tabs.find((tab) => tab.id === selectedId) ?? tabs[0];

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function selectAndFocus(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelectedId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectAndFocus(next);
  }

  return (
    <div className="tabset">
      <div className="tabset__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="tabset__tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={(event) => {
                setSelectedId(tab.id);
                // The list is one row that scrolls on a phone: a tab tapped at its edge comes
                // fully into view (arrow keys move the focus, which scrolls by itself).
                event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
              }}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected?.id;
        return (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(tab.id)}
            className="tabset__panel"
            aria-labelledby={tabId(tab.id)}
            hidden={!isSelected}
            tabIndex={0}
          >
            {isSelected ? tab.render() : null}
          </div>
        );
      })}
    </div>
  );
}
