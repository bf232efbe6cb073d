import { addMessages } from '../messages';

/** Italian texts of "push" (see ../it.ts); imported by every module that uses one of them. */
export const push = {
  // Web Push opt-in (issue 20): designer dashboard and customer profile
  'push.title': 'Notifiche',
  'push.leadDesigner': "Ricevi subito le nuove richieste di appuntamento, i messaggi dei clienti e i promemoria delle videochiamate, anche con l'app chiusa.",
  'push.leadCustomer': "Scopri subito quando un designer ti risponde o conferma un appuntamento e ricevi un promemoria un'ora prima della videochiamata, anche con l'app chiusa.",
  'push.enable': 'Ricevi notifiche',
  'push.enableHint': 'Il browser ti chiederà il permesso di mostrare le notifiche.',
  'push.enabling': 'Attivazione in corso…',
  'push.active': 'Notifiche attive su questo dispositivo',
  'push.disable': 'Disattiva su questo dispositivo',
  'push.disabling': 'Disattivazione in corso…',
  'push.off': 'Notifiche non attive su questo dispositivo.',
  'push.unsupported': "Questo browser non può ricevere notifiche. Prova con la versione più recente di Chrome, Edge, Firefox o Safari, o con l'app installata.",
  'push.blockedTitle': 'Notifiche bloccate nel browser',
  'push.blocked': "Hai bloccato le notifiche di Interno nelle impostazioni del browser. Per riceverle, consentile nelle impostazioni del sito (l'icona accanto all'indirizzo), poi torna qui.",
  'push.iosTitle': "Serve l'app installata",
  'push.ios': "Su iPhone e iPad le notifiche arrivano solo all'app installata. Aggiungi Interno alla Home da Safari, aprila dall'icona e attiva le notifiche da qui.",
  'push.dismissed': 'Non hai ancora dato il permesso. Tocca di nuovo «Ricevi notifiche» quando vuoi.',
  'push.failed': 'Il browser non è riuscito ad attivare le notifiche. Riprova tra poco.',
  'push.rejected': "Il browser ha fornito un'iscrizione alle notifiche che Interno non può usare. Prova con un altro browser.",
  'push.checkFailed': 'Non è stato possibile verificare il servizio di notifiche del browser. Riprova tra poco.',
  'push.offline': 'Serve una connessione per cambiare le notifiche. Riprova quando sei online.',
  'push.loading': 'Verifica delle notifiche…',
  'push.kindsTitle': 'Cosa ricevere',
  'push.kindsLead': 'Le scelte valgono per tutti i tuoi dispositivi.',
  'push.kind.messages': 'Messaggi',
  'push.kind.messagesHint': "Un nuovo messaggio in una conversazione, se in quel momento non hai l'app aperta.",
  'push.kind.appointmentsDesigner': 'Appuntamenti',
  'push.kind.appointmentsDesignerHint': 'Nuove richieste di videochiamata e richieste annullate dai clienti.',
  'push.kind.appointmentsCustomer': 'Appuntamenti',
  'push.kind.appointmentsCustomerHint': 'Videochiamate confermate o non confermate dal designer.',
  'push.kind.reminders': 'Promemoria',
  'push.kind.remindersHint': "Un'ora prima di ogni videochiamata confermata.",
  'push.saveFailed': 'Non è stato possibile salvare la scelta. Riprova.',
} as const;

addMessages(push);
