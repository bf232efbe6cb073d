import { addMessages } from '../messages';

/** Italian texts of "landing" (see ../it.ts); imported by every module that uses one of them. */
export const landing = {
  // Landing countdown
  'landing.eyebrow': 'Interno apre le porte',
  'landing.title': 'Stiamo preparando la casa per il tuo stile',
  'landing.lead':
    "Un nuovo modo di incontrare l'interior designer giusto: un test per immagini, profili selezionati e videochiamate senza impegno.",
  'landing.countdownLabel': "Tempo mancante all'apertura",
  'landing.days': { one: 'giorno', many: 'giorni', other: 'giorni' },
  'landing.hours': { one: 'ora', many: 'ore', other: 'ore' },
  'landing.minutes': { one: 'minuto', many: 'minuti', other: 'minuti' },
  'landing.seconds': { one: 'secondo', many: 'secondi', other: 'secondi' },
  'landing.remaining': "{days} giorni, {hours} ore, {minutes} minuti e {seconds} secondi all'apertura",
  'landing.cta': 'Intanto, scopri il tuo stile',
  'landing.signature': 'Interno — interior design per come vivi tu',
} as const;

addMessages(landing);
