import { addMessages } from '../messages';

/** Italian texts of "booking" (see ../it.ts); imported by every module that uses one of them. */
export const booking = {
  'booking.page.eyebrow': 'Videochiamata gratuita',
  'booking.page.heading': 'Parla con {name}',
  'booking.page.lead': 'Scegli un giorno e un orario: la richiesta arriva subito al designer, che la conferma con il link per la videochiamata.',
  'booking.page.step1': 'Scegli il giorno nel calendario',
  'booking.page.step2': 'Seleziona un orario libero',
  'booking.page.step3': 'Ricevi la conferma via email',
  'booking.page.notFound': 'Designer Non Trovato',
  'booking.page.notFoundBody': 'Questo designer non è più su Interno, oppure il link non è corretto.',
  'booking.page.home': 'Torna alla home',
} as const;

addMessages(booking);
