import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaleNotice } from './StaleNotice';

afterEach(cleanup);

describe('StaleNotice', () => {
  it('says the data is not fresh because the device is offline, and since when', () => {
    render(<StaleNotice fetchedAt={Date.now() - 2 * 60 * 60 * 1000} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Dati non aggiornati — sei offline');
    expect(notice.textContent).toContain('Ultimo aggiornamento 2 ore fa.');
  });

  it('omits the time when it is unknown', () => {
    render(<StaleNotice fetchedAt={null} />);
    expect(screen.getByRole('status').textContent).toBe('Dati non aggiornati — sei offline');
  });
});
