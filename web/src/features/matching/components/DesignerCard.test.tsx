import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMatchedDesigner } from '../lib/matches';
import { QuestionStep } from '../../questionnaire/components/QuestionStep';
import { DesignerCard } from './DesignerCard';

afterEach(cleanup);

const designer = parseMatchedDesigner({
  id: 12,
  name: 'Viola Valentini',
  city: 'Como',
  design_style: 'C',
  design_style_label: 'Minimal Contemporaneo',
  specialties: ['Scandinavo', 'Mediterraneo'],
  experience: 21,
  min_budget: 1500,
  like_count: 54,
  verified: true,
  gallery_images: ['/api/styles/scene/c-1.jpeg', '/api/styles/scene/c-2.jpeg', '/api/styles/scene/c-3.jpeg', '/api/styles/scene/c-4.jpeg'],
  match_score: 92,
  match_style_labels: ['Minimal', 'Naturale'],
});

describe('DesignerCard', () => {
  it('shows the match score once, the facts, the profile link and the actions slot', () => {
    if (!designer) throw new Error('fixture');
    render(
      <MemoryRouter>
        <DesignerCard designer={designer} actions={<button type="button">Prenota</button>} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: 'Viola Valentini' });
    expect(card.textContent).toContain('92% affine · Minimal, Naturale');
    expect(card.textContent).toContain('Como');
    expect(card.textContent).toContain('21 anni di esperienza');
    // The score once (no second badge); the like count belongs to the heart in the actions slot.
    expect(card.textContent?.match(/\d+%/g)).toEqual(['92%']);
    expect(card.textContent).not.toContain('mi piace');
    expect(screen.getByRole('link', { name: 'Vedi profilo' }).getAttribute('href')).toBe('/profile/12');
    expect(screen.getByRole('button', { name: 'Prenota' })).toBeTruthy();
    // Three thumbnails, the last one counting the rest; a thumbnail opens the viewer.
    expect(screen.getAllByRole('button', { name: /a schermo intero/ })).toHaveLength(3);
    expect(card.textContent).toContain('+1');
    fireEvent.click(screen.getByRole('button', { name: 'Apri la foto 2 di Viola Valentini a schermo intero' }));
    expect(screen.getByRole('dialog', { name: /Galleria di Viola Valentini/ })).toBeTruthy();
  });
});

describe('QuestionStep', () => {
  const question = {
    id: 1,
    text: 'Quale materiale ti viene voglia di toccare?',
    hint: '',
    options: [
      { id: 'a', text: 'Velluto', style: 'A' as const, image: '' },
      { id: 'c', text: 'Legno chiaro', style: 'C' as const, image: '' },
      { id: 'd', text: 'Cemento', style: 'D' as const, image: '' },
      { id: 'e', text: 'Terracotta', style: 'E' as const, image: '' },
    ],
  };

  it('shows the progress, keeps Avanti disabled without an answer and says Completa on the last question', () => {
    const noop = () => undefined;
    const { rerender } = render(<QuestionStep question={question} index={0} total={7} answer={null} onAnswer={noop} onBack={noop} onNext={noop} busy={false} />);
    expect(screen.getByText('Domanda 1 di 7')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Avanti' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText('Immagine non disponibile')).toHaveLength(4);
    rerender(<QuestionStep question={question} index={6} total={7} answer="Cemento" onAnswer={noop} onBack={noop} onNext={noop} busy={false} />);
    expect((screen.getByRole('button', { name: 'Completa' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: /Cemento/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('reports the chosen option', () => {
    const chosen: string[] = [];
    const noop = () => undefined;
    render(<QuestionStep question={question} index={0} total={7} answer={null} onAnswer={(t) => chosen.push(t)} onBack={noop} onNext={noop} busy={false} />);
    fireEvent.click(screen.getByRole('radio', { name: /Terracotta/ }));
    expect(chosen).toEqual(['Terracotta']);
  });
});
