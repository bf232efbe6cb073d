import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { db } from '../../../shared/offline/db';
import { commandTestbed } from '../../../test/offline';
import { ANNA, apiStore, setOnline } from '../../../test/session';
import { engagementCommands } from '../commands';
import { SendResultsButton } from './SendResultsButton';

const ANALYSIS = {
  dominant_style: 'scandinavo',
  style_percentages: { moderno: 10, classico: 10, industriale: 10, scandinavo: 60, minimalista: 10 },
};

const bed = commandTestbed((call) =>
    call.method === 'POST' && call.url.endsWith('/api/email/send-results')
      ? { status: 202, body: { email: 'anna@example.com', message: 'queued' } }
      : { status: 404, body: { detail: 'Not Found' } },);

function renderButton() {
  const store = apiStore(ANNA);
  bed.wiring.wire(store.dispatch, engagementCommands, { userId: '5', token: 'tok' });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root" />
        <SendResultsButton styleAnalysis={ANALYSIS as never} designerIds={[3, 4]} />
      </MemoryRouter>
    </Provider>,
  );
}

function posts() {
  return bed.net.calls.filter((call) => call.method === 'POST');
}

function openAndSend(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Invia i risultati via email' }));
  fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
}



describe('the results e-mail (the sendResults command, never kept on the device)', () => {
  it('online is sent at once with its Idempotency-Key, and the dialog closes', async () => {
    renderButton();
    openAndSend();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = posts();
    expect(posts()).toHaveLength(1);
    expect(post?.url).toBe('/api/email/send-results');
    expect(post?.body).toEqual({ style_analysis: ANALYSIS, designer_ids: [3, 4] });
    expect(post?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(await db.outbox.count()).toBe(0);
  });

  it("says the server's refusal in the dialog", async () => {
    bed.net.respond(() => ({ status: 429, body: { detail: 'Too many e-mails', reason: 'email_throttled' } }));
    renderButton();
    openAndSend();
    await screen.findByText('Hai già inviato troppe email a questo indirizzo. Riprova più tardi.');
    expect(posts()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline is refused at once with the form\'s offline text: nothing sent, nothing kept', async () => {
    setOnline(false);
    renderButton();
    openAndSend();
    await screen.findByText("Sei offline: per inviare l'email serve una connessione.");
    expect(posts()).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
