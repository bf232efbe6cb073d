import { addMessages } from '../messages';

/** Italian texts of "reset" (see ../it.ts); imported by every module that uses one of them. */
export const reset = {
  'reset.title': 'Reimposta Password',
  'reset.request.lead': "Inserisci l'email del tuo account: ti invieremo un link per scegliere una nuova password.",
  'reset.request.submit': 'Invia Link di Reset',
  'reset.request.busy': 'Invio link di reset...',
  'reset.request.sent': "Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password. Il link vale un'ora.",
  'reset.backToLogin': 'Torna al Login',
  'reset.backToAccount': 'Torna al tuo account',
  'reset.form.lead': 'Scegli una nuova password per il tuo account.',
  'reset.form.leadFor': 'Scegli una nuova password per {email}.',
  'reset.form.otherAccount': "Hai effettuato l'accesso come {current}, ma questo link cambia la password di {email}.",
  'reset.form.password': 'Nuova password',
  'reset.form.confirm': 'Conferma nuova password',
  'reset.form.submit': 'Reimposta Password',
  'reset.form.busy': 'Salvataggio della nuova password...',
  'reset.form.success': 'Password reimpostata con successo! Reindirizzamento al login...',
  'reset.form.successOther': 'La password di {email} è stata reimpostata. Sei ancora connesso come {current}.',
  'reset.form.successSignedIn':
    "Password reimpostata con successo. Sei ancora connesso come {current}: per accedere con l'account del link, esci e accedi.",
  'reset.form.switchAccount': 'Esci e accedi come {email}',
  'reset.form.switchAny': 'Esci e accedi',
  'reset.form.switching': 'Uscita in corso...',
  'reset.form.stay': 'Resta connesso come {current}',
  'reset.form.missingToken': 'Token di reset non valido o mancante. Richiedi un nuovo reset della password.',
  'reset.form.requestNew': 'Richiedi un nuovo link',
} as const;

addMessages(reset);
