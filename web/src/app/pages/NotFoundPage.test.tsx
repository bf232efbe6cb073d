import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER, renderSignedIn } from '../../test/session';
import { NotFoundPage } from './NotFoundPage';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('offers a customer the questionnaire as well as the way home', () => {
    renderSignedIn(<NotFoundPage />);
    expect(screen.getByRole('link', { name: 'Scopri il tuo stile' }).getAttribute('href')).toBe('/?openQuestionnaire=true');
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toBeTruthy();
  });

  it.each([
    ['a designer', { role: 'designer', is_designer: true }],
    ['an admin', { role: 'admin', is_admin: true }],
  ] as const)('offers %s only the way home: the questionnaire would send them to their dashboard', (_who, role) => {
    renderSignedIn(<NotFoundPage />, { ...CUSTOMER, ...role });
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Scopri il tuo stile' })).toBeNull();
  });
});
