import { addMessages } from '../messages';

/** Italian texts of "registrationRequired" (see ../it.ts); imported by every module that uses one of them. */
export const registrationRequired = {
  'registrationRequired.title': 'Registrazione Richiesta',
  'registrationRequired.contact': 'Per contattare un designer devi prima registrarti. È veloce e gratuito!',
  'registrationRequired.booking': 'Per prenotare un appuntamento con un designer devi prima registrarti. È veloce e gratuito!',
  'registrationRequired.like': 'Per mettere "mi piace" ai designer devi prima registrarti. È veloce e gratuito!',
  'registrationRequired.register': 'Registrati',
  'registrationRequired.cancel': 'Annulla',
} as const;

addMessages(registrationRequired);
