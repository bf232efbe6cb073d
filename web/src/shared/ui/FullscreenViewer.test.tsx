import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FullscreenViewer, stepIndex } from './FullscreenViewer';

afterEach(cleanup);

const images = [
  { path: '/api/uploads/gallery/a.jpg', alt: 'Soggiorno' },
  { path: '/api/uploads/gallery/b.jpg', alt: 'Cucina' },
  { path: '/api/uploads/gallery/c.jpg', alt: 'Camera' },
];

function Harness() {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <div id="root">
      <button type="button" onClick={() => setIndex(0)}>
        Apri
      </button>
      <FullscreenViewer images={images} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} label="Galleria di Chiara" />
    </div>
  );
}

function open(): HTMLElement {
  render(<Harness />);
  const opener = screen.getByText('Apri');
  opener.focus();
  fireEvent.click(opener);
  return screen.getByRole('dialog', { name: 'Galleria di Chiara' });
}

describe('FullscreenViewer', () => {
  it('opens as a modal dialog, focuses its close button and makes the page inert', () => {
    const dialog = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chiudi' }));
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
    expect(screen.getByText('1 di 3')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Soggiorno' });
    expect(img.getAttribute('src')).toBe('/api/images/resize/uploads/gallery/a.jpg?size=1200');
    expect(img.getAttribute('sizes')).toBe('100vw');
  });

  it('moves with the arrow keys, Home and End, wrapping around', () => {
    open();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByText('2 di 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'End' });
    expect(screen.getByText('3 di 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByText('1 di 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(screen.getByText('3 di 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Home' });
    expect(screen.getByText('1 di 3')).toBeTruthy();
  });

  it('steps from the picture on screen when keys come quicker than a frame', async () => {
    open();
    // Keys as a browser sends them, outside act(): the renders happen (a microtask each), the
    // effects that Preact runs after the next paint do not.
    const press = (key: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    press('ArrowRight');
    await Promise.resolve();
    expect(screen.getByText('2 di 3')).toBeTruthy();
    press('ArrowRight');
    await Promise.resolve();
    expect(screen.getByText('3 di 3')).toBeTruthy();
    press('ArrowLeft');
    await Promise.resolve();
    expect(screen.getByText('2 di 3')).toBeTruthy();
  });

  it('goes to a picture from its thumbnail and with the buttons', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: "Vai all'immagine 3" }));
    expect(screen.getByText('3 di 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Vai all'immagine 3" }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Immagine precedente' }));
    expect(screen.getByText('2 di 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Immagine successiva' }));
    expect(screen.getByText('3 di 3')).toBeTruthy();
  });

  it('changes picture on a sideways swipe of 50 px or more only', () => {
    const dialog = open();
    const stage = dialog.querySelector('img')?.parentElement as HTMLElement;
    const swipe = (dx: number, dy: number) => {
      fireEvent.touchStart(stage, { touches: [{ clientX: 200, clientY: 300 }] });
      fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
    };
    swipe(-40, 0);
    expect(screen.getByText('1 di 3')).toBeTruthy();
    swipe(-60, 5);
    expect(screen.getByText('2 di 3')).toBeTruthy();
    swipe(80, 90);
    expect(screen.getByText('2 di 3')).toBeTruthy();
    swipe(70, 0);
    expect(screen.getByText('1 di 3')).toBeTruthy();
  });

  it('keeps Tab inside, closes with Escape and gives focus back', () => {
    const dialog = open();
    const buttons = Array.from(dialog.querySelectorAll('button'));
    const last = buttons[buttons.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('Apri'));
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });

  it('wraps indexes', () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
