import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStore } from '../../../test/session';
import { MatchedDesigners } from './MatchedDesigners';

let requested: string[];
let matches: unknown;

function show() {
  return render(
    <Provider store={apiStore()}>
      <MemoryRouter>
        <MatchedDesigners />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  requested = [];
  matches = { style_analysis: null, designers: [], total: 0, has_more: false };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requested.push(new URL(request.url).pathname);
    const body = request.url.includes('/api/designers/matches') ? matches : { detail: 'Not Found' };
    return new Response(JSON.stringify(body), { status: body === matches ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MatchedDesigners', () => {
  it("reads the customer's matches, and lists them", async () => {
    matches = {
      style_analysis: null,
      designers: [{ id: 9, designer_id: 9, name: 'Paolo Grasso', city: 'Matera', match_score: 91, match_style_labels: ['Industrial'] }],
      total: 1,
      has_more: false,
    };
    show();
    expect(screen.getByRole('status').textContent).not.toBe('');
    expect(await screen.findByText('Paolo Grasso')).toBeTruthy();
    expect(screen.getByText('1 di 1 designer')).toBeTruthy();
    expect(requested).toEqual(['/api/designers/matches']);
  });

  it('offers the questionnaire again when no designer matches the profile', async () => {
    show();
    expect(await screen.findByText('Al momento nessun designer corrisponde al tuo profilo. Torna a trovarci presto.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rifai il questionario' }).getAttribute('href')).toBe('/?openQuestionnaire=true');
    expect(requested).toEqual(['/api/designers/matches']);
  });
});
