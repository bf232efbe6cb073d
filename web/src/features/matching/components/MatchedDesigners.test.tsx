import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStore } from '../../../test/session';
import { MatchedDesigners } from './MatchedDesigners';

let requested: string[];
let matches: unknown;

function show(hasStyleProfile: boolean) {
  return render(
    <Provider store={apiStore()}>
      <MemoryRouter>
        <MatchedDesigners hasStyleProfile={hasStyleProfile} />
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
  it('shows the questionnaire prompt in its first render, without asking the server, to an account without a style profile', async () => {
    show(false);
    // No waiting: the prompt is there in the first frame (it is the page's largest text on a phone).
    expect(screen.getByText('Non hai ancora un profilo di stile: fai il questionario per scoprire i designer più adatti a te.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fai il questionario' }).getAttribute('href')).toBe('/?openQuestionnaire=true');
    expect(screen.queryByRole('status')).toBeNull();
    await Promise.resolve();
    expect(requested).toEqual([]);
  });

  it("reads the matches of an account with a style profile, and lists them", async () => {
    matches = {
      style_analysis: null,
      designers: [{ id: 9, designer_id: 9, name: 'Paolo Grasso', city: 'Matera', match_score: 91, match_style_labels: ['Industrial'] }],
      total: 1,
      has_more: false,
    };
    show(true);
    expect(screen.getByRole('status').textContent).not.toBe('');
    expect(await screen.findByText('Paolo Grasso')).toBeTruthy();
    expect(screen.getByText('1 di 1 designer')).toBeTruthy();
    expect(requested).toEqual(['/api/designers/matches']);
  });

  it("keeps the server's word when an account with a style profile has no matches", async () => {
    show(true);
    expect(await screen.findByText('Non hai ancora un profilo di stile: fai il questionario per scoprire i designer più adatti a te.')).toBeTruthy();
    expect(requested).toEqual(['/api/designers/matches']);
  });
});
