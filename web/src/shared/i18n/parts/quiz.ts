import { addMessages } from '../messages';

/** Italian texts of "quiz" (see ../it.ts); imported by every module that uses one of them. */
export const quiz = {
  // Questionnaire and matching (issue 4): the home journey from the style quiz to matched designers,
  // the designer card and the customer's matched designers. Alerts of the spec (section 8) verbatim.
  'quiz.title': 'Il test di stile',
  'quiz.progress': 'Domanda {n} di {total}',
  'quiz.back': 'Indietro',
  'quiz.next': 'Avanti',
  'quiz.complete': 'Completa',
  'quiz.exit': 'Esci dal test',
  'quiz.loading': 'Caricamento del questionario…',
  'quiz.loadError': 'Impossibile caricare il questionario. Controlla la connessione e riprova.',
  'quiz.retry': 'Riprova',
  'quiz.imageUnavailable': 'Immagine non disponibile',
  'quiz.chooseHint': 'Scegli una risposta per continuare.',
  'quiz.submitting': 'Stiamo calcolando il tuo profilo…',
  'quiz.resultEyebrow': 'Il tuo profilo di stile',
  'quiz.resultTitle': 'Il tuo stile è {style}',
  'quiz.sharesTitle': 'Come si compone il tuo gusto',
  'quiz.share': '{style}: {percent}%',
  'quiz.promptTitle': 'Salva il risultato e conosci i tuoi designer',
  'quiz.promptBody':
    'Registrati gratis per ritrovare il tuo profilo, contattare i designer e prenotare una videochiamata. Oppure guarda subito chi è più affine a te.',
  'quiz.register': 'Registrati',
  'quiz.showDesigners': 'Mostra Designer',
  'quiz.restart': 'Rifai il test',
  'quiz.savedTitle': 'Il risultato è salvato nel tuo profilo',
  'quiz.savedBody': 'Il tuo profilo di stile e i designer consigliati sono aggiornati. Puoi rifare il test quando vuoi.',
  'quiz.goToProfile': 'Vai al tuo profilo',
  'quiz.offlineResult':
    'Sei offline: il profilo è stato calcolato su questo dispositivo. Le risposte partiranno da sole appena torni online e allora vedrai i designer compatibili.',
  'quiz.synced': 'Sei di nuovo online: ecco i designer compatibili con il tuo stile.',
  'quiz.syncFailed': 'Non è stato possibile inviare le risposte del questionario.',
} as const;

addMessages(quiz);
