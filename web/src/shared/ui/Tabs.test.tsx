import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

afterEach(cleanup);

type Id = 'tutti' | 'confermati' | 'annullati';

function Harness({ initial = 'tutti' }: { initial?: Id }) {
  const [tab, setTab] = useState<Id>(initial);
  return (
    <Tabs
      label="I miei appuntamenti"
      tabs={[
        { id: 'tutti', label: 'Tutti' },
        { id: 'confermati', label: 'Confermati' },
        { id: 'annullati', label: 'Annullati' },
      ]}
      selected={tab}
      onSelect={setTab}
    >
      <p>Pannello {tab}</p>
    </Tabs>
  );
}

function tab(name: string): HTMLElement {
  return screen.getByRole('tab', { name });
}

describe('Tabs', () => {
  it('is a labelled tab list whose selected tab labels the one panel every tab controls', () => {
    render(<Harness initial="confermati" />);
    expect(screen.getByRole('tablist', { name: 'I miei appuntamenti' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    const panel = screen.getByRole('tabpanel', { name: 'Confermati' });
    expect(panel.textContent).toBe('Pannello confermati');
    for (const t of screen.getAllByRole('tab')) expect(t.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('keeps only the selected tab in the Tab order (roving tabindex)', () => {
    render(<Harness />);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.click(tab('Annullati'));
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    expect(screen.getByRole('tabpanel', { name: 'Annullati' }).textContent).toBe('Pannello annullati');
  });

  it('moves and selects with the arrow keys, wrapping, and with Home and End', () => {
    render(<Harness />);
    const press = (key: string) => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement)) throw new Error('nothing focused');
      fireEvent.keyDown(active, { key });
    };
    tab('Tutti').focus();
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Confermati'));
    expect(tab('Confermati').getAttribute('aria-selected')).toBe('true');
    press('ArrowRight');
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Tutti'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('Annullati'));
    press('Home');
    expect(document.activeElement).toBe(tab('Tutti'));
    press('End');
    expect(document.activeElement).toBe(tab('Annullati'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab('Annullati').id);
  });

  it('leaves other keys alone', () => {
    render(<Harness />);
    tab('Tutti').focus();
    const event = fireEvent.keyDown(tab('Tutti'), { key: 'ArrowDown' });
    expect(event).toBe(true);
    expect(document.activeElement).toBe(tab('Tutti'));
    expect(tab('Tutti').getAttribute('aria-selected')).toBe('true');
  });

  it('selects the first tab when the selected one is not in the list', () => {
    render(
      <Tabs label="Schede" tabs={[{ id: 'a', label: 'Uno' }, { id: 'b', label: 'Due' }]} selected="z" onSelect={() => undefined}>
        <p>Pannello</p>
      </Tabs>,
    );
    expect(tab('Uno').getAttribute('aria-selected')).toBe('true');
    expect(tab('Uno').tabIndex).toBe(0);
    expect(screen.getByRole('tabpanel', { name: 'Uno' })).toBeTruthy();
  });
});
