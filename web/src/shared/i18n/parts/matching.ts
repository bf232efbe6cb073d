import { addMessages } from '../messages';

/** Italian texts of "matching" (see ../it.ts); imported by every module that uses one of them. */
export const matching = {
  'matching.title': 'I designer più affini al tuo stile',
  'matching.lead': 'Ordinati per affinità con il tuo profilo {style}.',
  'matching.loadMore': 'Carica altri designer',
  'matching.loadingMore': 'Caricamento…',
  'matching.networkError': 'Errore di connessione al server. Riprova più tardi.',
  'matching.loadError': 'Errore nel caricamento dei designer. Riprova più tardi.',
  'matching.empty': 'Al momento nessun designer corrisponde al tuo profilo. Torna a trovarci presto.',
  'matching.pending': 'I designer compatibili appariranno appena torni online.',
  'matching.lastSeen': 'Ultimi designer consigliati su questo dispositivo:',
  'matching.profileTitle': 'I tuoi designer consigliati',
  'matching.retakeQuiz': 'Rifai il questionario',
  'matching.count': '{shown} di {total} designer',
  'matching.card.experience': '{years} anni di esperienza',
  'matching.card.budget': 'Budget da {amount}',
  'matching.card.profile': 'Vedi profilo',
  'matching.card.gallery': 'Galleria di {name}',
  'matching.card.openPhoto': 'Apri la foto {n} di {name} a schermo intero',
  'matching.card.photoAlt': 'Progetto {n} di {name}',
  'matching.card.style': 'Stile {style}',
} as const;

addMessages(matching);
