/**
 * The Italian catalogue, core part: the texts of the app shell and of everything the first page
 * loads with it (titles, navigation, footer, consent, errors, the offline notices). The other
 * features' texts are parts (./parts/*.ts) that register themselves when the module using them is
 * imported, so a route's code brings its own texts (docs/performance.md). A string may hold
 * {placeholders}; a plural entry holds the Intl.PluralRules('it') categories one, many (large
 * round numbers such as un milione) and other.
 */
export const it = {
  // Document titles
  'title.home': "Interno — Trova l'interior designer per il tuo stile",
  'title.privacy': 'Informativa sulla privacy · Interno',
  'title.landing': 'Interno apre le porte',
  'title.notFound': 'Pagina non trovata · Interno',

  // App shell
  'shell.skipToContent': 'Vai al contenuto',
  'shell.logoLabel': 'Interno, pagina principale',
  'shell.mainNav': 'Navigazione principale',
  'shell.login': 'Accedi',
  'shell.logout': 'Esci',
  'shell.install': 'Installa app',
  'shell.offline': 'Sei offline',
  'shell.online': 'Connessione ripristinata',
  'shell.syncing': 'Invio delle azioni in corso…',
  'shell.pendingActions': {
    one: '{count} azione in attesa di invio',
    many: '{count} di azioni in attesa di invio',
    other: '{count} azioni in attesa di invio',
  },
  'shell.failedActions': {
    one: '{count} azione non inviata',
    many: '{count} di azioni non inviate',
    other: '{count} azioni non inviate',
  },
  'shell.reviewActions': {
    one: '{count} azione di oltre 7 giorni fa da confermare',
    many: '{count} di azioni di oltre 7 giorni fa da confermare',
    other: '{count} azioni di oltre 7 giorni fa da confermare',
  },
  'shell.loading': 'Caricamento…',

  'logout.title': 'Vuoi uscire?',
  'logout.body': 'Stai per uscire dal tuo account su questo dispositivo. Potrai accedere di nuovo quando vuoi.',
  'logout.pending': {
    one: 'Hai {count} azione non ancora inviata: resterà salvata e partirà al tuo prossimo accesso.',
    many: 'Hai {count} di azioni non ancora inviate: resteranno salvate e partiranno al tuo prossimo accesso.',
    other: 'Hai {count} azioni non ancora inviate: resteranno salvate e partiranno al tuo prossimo accesso.',
  },
  'logout.confirm': 'Sì, esci',
  'logout.cancel': 'Annulla',

  'footer.tagline': "Interior designer scelti per il tuo stile, dalla prima idea all'ultimo dettaglio.",
  'footer.legal': 'Informazioni legali',
  'footer.privacy': 'Privacy',
  'footer.cookies': 'Gestisci cookie',
  'footer.copyright': '© {year} Interno. Tutti i diritti riservati.',

  'modal.close': 'Chiudi',

  // Offline and sync
  'offline.stale': 'Dati non aggiornati — sei offline',
  'offline.actionsLater': 'Sei offline: potrai mettere mi piace, condividere e prenotare quando torni online.',
  'offline.actionsFailed': 'Non siamo riusciti a caricare mi piace, condivisione e prenotazione. Controlla la connessione e riprova.',
  'offline.ownActionsLater': 'Sei offline: potrai condividere il tuo profilo quando torni online.',
  'offline.ownActionsFailed': 'Non siamo riusciti a caricare la condivisione del profilo. Controlla la connessione e riprova.',
  'offline.staleSince': 'Ultimo aggiornamento {when}.',
  'offline.lastSync': 'Ultima sincronizzazione {when}',
  'shell.syncDetails': 'Vedi dettagli',
  'shell.lastUpdate': 'Ultimo aggiornamento {time}',

  // Sync page: the actions this device still has to send
  'title.sync': 'Azioni in attesa · Interno',

  // Errors shown to people (server details stay in English and are never shown raw)
  'error.network': 'Errore di connessione al server. Riprova più tardi.',
  'error.onlineOnly': 'Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.',
  'error.timeout': 'Il server non ha risposto in tempo. Riprova tra poco.',
  'error.badRequest': 'Richiesta non valida. Controlla i dati e riprova.',
  'error.unauthorized': "Sessione scaduta. Effettua nuovamente l'accesso.",
  'error.forbidden': 'Non hai i permessi per questa operazione.',
  'error.notFound': 'Non abbiamo trovato quello che cerchi.',
  'error.conflict': 'Questa operazione è in conflitto con una modifica precedente. Aggiorna e riprova.',
  'error.callNotStarted': "La videochiamata non è ancora iniziata: potrai segnarla come completata dall'inizio della chiamata.",
  'error.invalidTransition': "L'appuntamento è cambiato nel frattempo: questa azione non è più possibile.",
  'error.invalidTransitionStatus': "L'appuntamento ora risulta {status}: questa azione non è più possibile.",
  'error.inFlight': 'Operazione già in corso: attendi qualche secondo.',
  'error.keyReused': 'Questa operazione è già stata inviata con dati diversi.',
  'error.tooLarge': 'Il file è troppo grande.',
  'error.unsupportedMedia': 'Formato del file non supportato.',
  'error.validation': 'Alcuni dati non sono validi. Controlla i campi e riprova.',
  'error.rateLimited': {
    one: 'Troppi tentativi. Riprova tra {count} secondo.',
    many: 'Troppi tentativi. Riprova tra {count} di secondi.',
    other: 'Troppi tentativi. Riprova tra {count} secondi.',
  },
  'error.rateLimitedSoon': 'Troppi tentativi. Riprova tra poco.',
  'error.controlCharacter':
    'Il testo contiene caratteri non ammessi: togli i caratteri invisibili e, nei campi di una sola riga, gli a capo.',
  'error.pixelBudget': 'Le foto sono troppo grandi tutte insieme (al massimo 40 megapixel per invio): scegline di più piccole.',
  'error.imageBusy': 'Il server sta elaborando molte immagini: riprova tra qualche secondo.',
  'error.leadToken': 'Questo risultato del questionario non è disponibile su questo dispositivo: rifai il questionario.',
  'error.server': 'Si è verificato un errore del server. Riprova più tardi.',
  'error.invalidCredentials': 'Credenziali non valide. Verifica email e password.',
  'error.emailTaken': "Questa email è già registrata. Accedi con le tue credenziali oppure usa un'altra email.",
  'error.imageFormat': 'Formato immagine non supportato. Usa JPG, PNG o GIF',
  'error.imageTooLarge': "L'immagine è troppo grande. Massimo 5MB",
  'error.resetTokenInvalid': 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
  'error.busy': 'Il server è molto occupato in questo momento. Riprova tra qualche secondo.',
  'error.availabilityConflict': {
    one: 'La nuova disponibilità lascia fuori un appuntamento già prenotato.',
    many: 'La nuova disponibilità lascia fuori {count} di appuntamenti già prenotati.',
    other: 'La nuova disponibilità lascia fuori {count} appuntamenti già prenotati.',
  },
  'error.slotTaken': "L'orario selezionato non è più disponibile. Seleziona un altro orario.",
  'error.unknown': 'Si è verificato un errore imprevisto. Riprova.',
  'error.expiredAction': 'Azione di oltre 7 giorni fa annullata.',

  // Scheduling: booking, appointments (customer and designer) and weekly availability
  'title.appointments': 'I miei appuntamenti · Interno',
  'title.booking': 'Prenota una videochiamata · Interno',
  'appointments.book.limit': 'Hai già 3 appuntamenti in programma con questo designer. Annulla una richiesta in attesa per prenotarne un altro.',

  // Route errors and not found
  'notFound.eyebrow': 'Errore 404',
  'notFound.title': 'Pagina non trovata',
  'notFound.body':
    'La stanza che cerchi non esiste, oppure è stata spostata. Succede anche nelle case meglio progettate: ripartiamo da un ambiente familiare.',
  'notFound.home': 'Torna alla home',
  'notFound.test': 'Scopri il tuo stile',
  'routeError.title': 'Qualcosa è andato storto',
  'routeError.body': 'Non siamo riusciti a caricare questa pagina. Controlla la connessione e riprova.',
  'routeError.retry': 'Riprova',

  // Cookie consent
  'consent.bannerTitle': 'La tua privacy, le tue scelte',
  'consent.bannerBody':
    'Usiamo cookie essenziali per far funzionare Interno e, solo con il tuo consenso, cookie di analisi e di marketing per capire come migliorare il servizio.',
  'consent.readPolicy': "Leggi l'informativa",
  'consent.customize': 'Personalizza',
  'consent.essentialOnly': 'Solo Essenziali',
  'consent.acceptAll': 'Accetta Tutti',
  'consent.save': 'Salva Preferenze',
  'consent.settingsTitle': 'Preferenze cookie',
  'consent.settingsIntro':
    'Scegli quali cookie possiamo usare. Puoi cambiare idea in qualsiasi momento dal link «Gestisci cookie» in fondo a ogni pagina.',
  'consent.essentialTitle': 'Cookie essenziali',
  'consent.essentialBody':
    "Servono per l'accesso, la sicurezza e per ricordare le tue scelte, comprese queste preferenze. Non possono essere disattivati.",
  'consent.alwaysOn': 'Sempre attivi',
  'consent.analyticsTitle': 'Cookie di analisi',
  'consent.analyticsBody':
    'Ci aiutano a capire, in forma aggregata e con indirizzo IP anonimizzato, quali pagine sono utili e dove migliorare.',
  'consent.marketingTitle': 'Cookie di marketing',
  'consent.marketingBody': 'Permettono di misurare le nostre campagne e di mostrarti contenuti di Interno più pertinenti su altri siti.',
  'consent.together':
    'Analisi e marketing vengono consentiti insieme: attiva entrambe le categorie per accettarli, altrimenti useremo solo i cookie essenziali.',
  'consent.summaryEssential': 'Con queste scelte: solo cookie essenziali.',
  'consent.summaryAll': 'Con queste scelte: tutti i cookie.',

  // Installable app
  'pwa.iosTitle': 'Aggiungi Interno alla Home',
  'pwa.iosIntro': "Su iPhone e iPad Interno si installa da Safari, in tre tocchi. Poi si apre come un'app, anche senza connessione.",
  'pwa.iosStep1': 'Tocca il pulsante Condividi nella barra di Safari.',
  'pwa.iosStep2': 'Scorri le opzioni e scegli «Aggiungi a Home».',
  'pwa.iosStep3': 'Conferma toccando «Aggiungi» in alto a destra.',
  'pwa.iosDone': 'Ho capito',
  'pwa.iosPush': "Le notifiche di Interno su iPhone e iPad arrivano solo all'app installata: aprila dall'icona nella Home e attivale dal tuo profilo.",
  'pwa.updating': 'È disponibile una nuova versione di Interno: aggiornamento in corso…',
  // Designers (issue 5): registration, public pages, dashboard — and the shared pieces they brought
  // (form fields, fullscreen viewer, registration-required dialog, Google button). The English
  // alerts and error texts are the spec's own (designer spec, sections 5 and 8).
  'title.designerRegistration': 'Registrazione designer · Interno',
  'title.designerPortfolio': 'Portfolio del designer · Interno',
  'title.designerProfile': 'Profilo del designer · Interno',
  'title.designerDashboard': 'Il tuo profilo designer · Interno',

  'form.optional': '(facoltativo)',
  'viewer.previous': 'Immagine precedente',
  'viewer.next': 'Immagine successiva',
  'viewer.position': '{current} di {total}',
  'viewer.goTo': "Vai all'immagine {n}",
  'viewer.thumbnails': 'Tutte le immagini',
  'google.unavailable': "L'accesso con Google non è disponibile in questo momento: puoi usare una password.",

  // admin (issue 9): the admin panel. The spec gives its labels in English (designer-admin side,
  // sections 2 and 8), so the panel keeps them, and its own additions match.
  'title.admin': 'Admin Panel · Interno',
  'title.removeDesigner': 'Remove designer · Interno',
  'engagement.error.throttled': 'Hai già inviato troppe email a questo indirizzo. Riprova più tardi.',
  'engagement.error.foreignUrl': 'Questo link non porta a una pagina di Interno.',
  'engagement.error.designerNotFound': 'Designer non trovato.',
  'chat.contact.empty': 'Per favore inserisci un messaggio',
  'chat.contact.tooLong': 'Il messaggio è troppo lungo: al massimo {max} caratteri.',
  'chat.error.contactNotFound': 'Conversazione non trovata: potrebbe essere stata eliminata.',
  'chat.error.ownProfile': 'Non puoi farlo sul tuo stesso profilo di designer.',
  'chat.error.clientIdReused': 'Questo messaggio risulta già inviato con un testo diverso.',
  'journey.contactSent': 'Messaggio inviato a {name}: ti risponderà presto.',
  'journey.liked': 'Hai messo "mi piace" a {name}.',
  'journey.likeFailed': 'Non è stato possibile mettere "mi piace" a {name}. Riprova dal suo profilo.',
  // Accounts (issue 3): login and registration, password reset, guards, the customer profile
  'title.login': 'Accedi o registrati · Interno',
  'title.requestPasswordReset': 'Reimposta la password · Interno',
  'title.resetPassword': 'Nuova password · Interno',
  'title.userProfile': 'Il tuo profilo · Interno',

  'account.nav.user': 'Il mio profilo',
  'account.nav.designer': 'La mia dashboard',
  'account.nav.admin': 'Pannello admin',

  'guard.adminRequired': 'Admin access required',
  'guard.designerRequired': 'Designer access required',
} as const;
