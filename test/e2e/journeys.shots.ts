import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiClient } from './harness/api';
import { ARTIFACTS_DIR, openBrowser } from './harness/browser';
import { startInterno, type RunningServer } from './harness/server';

/**
 * `npm run screenshots`: the screens of the journeys across registration (issue 15) at 390 and
 * 1280 px, as the person sees them (the viewport, not the whole page): the booking modal a visitor
 * opens when today has no free slot, the registration reached from a results e-mail link, and the
 * login page a designer lands on after registering.
 */
const OUT = join(ARTIFACTS_DIR, 'screenshots');
const WIDTHS = [390, 1280] as const;

let server: RunningServer;
let api: ReturnType<typeof apiClient>;

async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(OUT, `journeys-${name}-${width}.png`) });
}

/** Monday-first weekday (0–6) of the day after today in Rome, the only day the designer opens. */
function tomorrowWeekday(): number {
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const name = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'Europe/Rome' }).format(tomorrow);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name);
}

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  server = await startInterno({ INTERNO_RATE_LIMITS: 'off' });
  api = apiClient(server.baseUrl);
});

afterAll(async () => {
  await server.stop();
});

describe('journey screenshots', () => {
  it('renders the booking modal, a registration with a lead and the new designer login', async () => {
    const studio = await api.designer('Chiara Bruni');
    const only = tomorrowWeekday();
    const week = Array.from({ length: 7 }, (_, day) => ({ day_of_week: day, start_time: '09:00', end_time: '13:00', is_active: day === only }));
    await api.must(200, 'PUT', `/api/appointments/availability/${studio.id}`, studio.token, week);
    const quiz = await api.must(200, 'GET', '/api/questionnaire', null);
    const answers = (quiz.questions as { options: { text: string }[] }[]).map((q) => q.options[1]?.text ?? '');
    const matched = await api.must(201, 'POST', '/api/match-designers', null, { answers });
    const lead = new URLSearchParams({ leadId: String(matched.lead_id as number), leadToken: matched.lead_token as string });

    for (const width of WIDTHS) {
      const { page, close } = await openBrowser({ baseUrl: server.baseUrl, width, height: width < 640 ? 844 : 900 });
      try {
        await page.goto(`${server.baseUrl}/privacy`);
        await page.evaluate(() => {
          localStorage.setItem('cookie-consent', 'essential');
          localStorage.setItem('cookie-consent-date', new Date().toISOString());
        });

        // A visitor opens the booking link: today is closed, the modal moves to tomorrow and says so.
        await page.goto(`${server.baseUrl}/appuntamenti/prenota/${studio.id}`);
        const booking = page.getByRole('dialog', { name: 'Prenota una videochiamata' });
        await booking.getByText(/non ci sono orari liberi: ecco il primo giorno disponibile/).waitFor();
        await booking.getByRole('radio').first().click();
        await shot(page, 'booking-visitor', width);

        // The results e-mail's register link: the lead comes along, no "Questionario Richiesto".
        await page.goto(`${server.baseUrl}/login?mode=register&redirect=designers&${lead.toString()}`);
        await page.getByText('Il risultato del tuo questionario di stile verrà salvato nel tuo account.').waitFor();
        await shot(page, 'register-with-lead', width);

        // A designer who has just registered is welcomed, with the account's confirmation on the page.
        await page.goto(`${server.baseUrl}/login?email=studio%40example.com&welcome=designer`);
        await page.getByRole('heading', { level: 1, name: 'Benvenuto in Interno' }).waitFor();
        await shot(page, 'login-new-designer', width);
      } finally {
        await close();
      }
    }
  });
});
