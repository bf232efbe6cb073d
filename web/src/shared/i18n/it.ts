/**
 * The Italian catalogue: every text the interface shows lives here, so copy is reviewed in one
 * place. A string may hold {placeholders}; a plural entry holds the Intl.PluralRules('it')
 * categories one, many (large round numbers such as un milione) and other.
 */
export const it = {
  // Document titles
  'title.home': 'Interno — Trova l’interior designer per il tuo stile',
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

  'footer.tagline': 'Interior designer scelti per il tuo stile, dalla prima idea all’ultimo dettaglio.',
  'footer.legal': 'Informazioni legali',
  'footer.privacy': 'Privacy',
  'footer.cookies': 'Gestisci cookie',
  'footer.copyright': '© {year} Interno. Tutti i diritti riservati.',

  'modal.close': 'Chiudi',

  // Offline and sync
  'offline.stale': 'Dati non aggiornati — sei offline',
  'offline.staleSince': 'Ultimo aggiornamento {when}.',
  'offline.lastSync': 'Ultima sincronizzazione {when}',

  // Errors shown to people (server details stay in English and are never shown raw)
  'error.network': 'Errore di connessione al server. Riprova più tardi.',
  'error.timeout': 'Il server non ha risposto in tempo. Riprova tra poco.',
  'error.badRequest': 'Richiesta non valida. Controlla i dati e riprova.',
  'error.unauthorized': 'Sessione scaduta. Effettua nuovamente l’accesso.',
  'error.forbidden': 'Non hai i permessi per questa operazione.',
  'error.notFound': 'Non abbiamo trovato quello che cerchi.',
  'error.conflict': 'Questa operazione è in conflitto con una modifica precedente. Aggiorna e riprova.',
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
  'error.server': 'Si è verificato un errore del server. Riprova più tardi.',
  'error.invalidCredentials': 'Credenziali non valide. Verifica email e password.',
  'error.emailTaken': 'Questa email è già registrata. Accedi con le tue credenziali oppure usa un’altra email.',
  'error.imageFormat': 'Formato immagine non supportato. Usa JPG, PNG o GIF',
  'error.imageTooLarge': 'L’immagine è troppo grande. Massimo 5MB',
  'error.resetTokenInvalid': 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
  'error.busy': 'Il server è molto occupato in questo momento. Riprova tra qualche secondo.',
  'error.slotTaken': 'L’orario selezionato non è più disponibile. Seleziona un altro orario.',
  'error.unknown': 'Si è verificato un errore imprevisto. Riprova.',
  'error.expiredAction': 'Azione di oltre 7 giorni fa annullata.',

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
  'consent.readPolicy': 'Leggi l’informativa',
  'consent.customize': 'Personalizza',
  'consent.essentialOnly': 'Solo Essenziali',
  'consent.acceptAll': 'Accetta Tutti',
  'consent.save': 'Salva Preferenze',
  'consent.settingsTitle': 'Preferenze cookie',
  'consent.settingsIntro':
    'Scegli quali cookie possiamo usare. Puoi cambiare idea in qualsiasi momento dal link «Gestisci cookie» in fondo a ogni pagina.',
  'consent.essentialTitle': 'Cookie essenziali',
  'consent.essentialBody':
    'Servono per l’accesso, la sicurezza e per ricordare le tue scelte, comprese queste preferenze. Non possono essere disattivati.',
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
  'pwa.iosIntro': 'Su iPhone e iPad Interno si installa da Safari, in tre tocchi. Poi si apre come un’app, anche senza connessione.',
  'pwa.iosStep1': 'Tocca il pulsante Condividi nella barra di Safari.',
  'pwa.iosStep2': 'Scorri le opzioni e scegli «Aggiungi a Home».',
  'pwa.iosStep3': 'Conferma toccando «Aggiungi» in alto a destra.',
  'pwa.iosDone': 'Ho capito',
  'pwa.updating': 'È disponibile una nuova versione di Interno: aggiornamento in corso…',

  // Home
  'home.eyebrow': 'Interior design su misura',
  'home.title': 'Trova l’interior designer che parla il tuo stile',
  'home.lead':
    'Rispondi a sette domande per immagini: scopri il tuo profilo di stile e incontra i designer più affini a te, pronti ad ascoltarti in videochiamata.',
  'home.startTest': 'Inizia il test di stile',
  'home.registerDesigner': 'Sei un designer? Registrati',
  'home.testNote': 'Sette domande, circa due minuti. Gratis e senza registrazione.',
  'home.heroAlt': 'Illustrazione di un soggiorno luminoso con arco, divano, lampada e pianta',
  'home.howTitle': 'Come funziona',
  'home.howLead': 'Dal gusto che hai già al progetto che vorresti, in tre passaggi.',
  'home.step1Title': 'Racconta il tuo gusto',
  'home.step1Body':
    'Sette domande visive su ambienti, materiali e atmosfere. Nessuna risposta è sbagliata: scegli d’istinto ciò che ti somiglia.',
  'home.step2Title': 'Scopri il tuo stile',
  'home.step2Body':
    'Ricevi il tuo profilo: lo stile dominante tra i cinque di Interno e le percentuali di ciascuno, per dare un nome a ciò che ami.',
  'home.step3Title': 'Incontra il tuo designer',
  'home.step3Body':
    'Ti proponiamo i designer più affini al tuo profilo. Guarda i loro progetti, scrivi loro e prenota una videochiamata.',
  'home.stylesTitle': 'Cinque stili, una casa che ti somiglia',
  'home.stylesLead': 'Ogni designer di Interno è associato a uno stile: il test ti dice quale parla di più a te.',
  'home.styleA': 'Eclettico Creativo',
  'home.styleB': 'Elegante Classico',
  'home.styleC': 'Minimal Contemporaneo',
  'home.styleD': 'Industriale Urbano',
  'home.styleE': 'Naturale Mediterraneo',
  'home.styleADesc': 'Colore, contrasti e pezzi unici raccolti con coraggio.',
  'home.styleBDesc': 'Proporzioni armoniose, materiali nobili, dettagli senza tempo.',
  'home.styleCDesc': 'Linee pulite, luce naturale e solo ciò che serve.',
  'home.styleDDesc': 'Metallo, mattoni a vista e spazi aperti dal carattere deciso.',
  'home.styleEDesc': 'Legno, lino e terracotta: la calma del sole e del mare.',
  'home.designerTitle': 'Sei un interior designer?',
  'home.designerBody':
    'Crea il tuo profilo, mostra i progetti di cui vai fiero e ricevi richieste da persone che amano già il tuo stile.',
  'home.designerCta': 'Registrati come designer',

  // Landing countdown
  'landing.eyebrow': 'Interno apre le porte',
  'landing.title': 'Stiamo preparando la casa per il tuo stile',
  'landing.lead':
    'Un nuovo modo di incontrare l’interior designer giusto: un test per immagini, profili selezionati e videochiamate senza impegno.',
  'landing.countdownLabel': 'Tempo mancante all’apertura',
  'landing.days': { one: 'giorno', many: 'giorni', other: 'giorni' },
  'landing.hours': { one: 'ora', many: 'ore', other: 'ore' },
  'landing.minutes': { one: 'minuto', many: 'minuti', other: 'minuti' },
  'landing.seconds': { one: 'secondo', many: 'secondi', other: 'secondi' },
  'landing.remaining': '{days} giorni, {hours} ore, {minutes} minuti e {seconds} secondi all’apertura',
  'landing.cta': 'Intanto, scopri il tuo stile',
  'landing.signature': 'Interno — interior design per come vivi tu',

  // Privacy policy (/privacy)
  'privacy.title': 'Informativa sulla privacy',
  'privacy.updated': 'Ultimo aggiornamento: 4 Agosto 2025',
  'privacy.intro':
    'Interno mette in contatto chi cerca un interior designer con professionisti affini al suo stile. Questa informativa spiega quali dati trattiamo, perché lo facciamo e come puoi esercitare i tuoi diritti ai sensi del Regolamento (UE) 2016/679 (GDPR). Titolare del trattamento è Interno.',
  'privacy.tocLabel': 'In questa pagina',
  'privacy.s1Title': '1. Informazioni che raccogliamo',
  'privacy.s1Intro': 'Raccogliamo solo i dati che servono a offrirti il servizio:',
  'privacy.s1Item1': 'Dati di account: nome, indirizzo email, password (conservata solo in forma cifrata) oppure l’identificativo dell’accesso con Google.',
  'privacy.s1Item2': 'Risposte al test di stile e il profilo che ne deriva, con le percentuali dei cinque stili.',
  'privacy.s1Item3': 'Per i designer: dati del profilo professionale, città, recapiti facoltativi, fotografie dei progetti e disponibilità per gli appuntamenti.',
  'privacy.s1Item4': 'Messaggi, richieste di contatto, appuntamenti, «mi piace» e condivisioni che scambi con i designer sulla piattaforma.',
  'privacy.s1Item5': 'Dati tecnici: indirizzo IP, tipo di dispositivo e browser, registri di sicurezza e, solo con il tuo consenso, dati di utilizzo aggregati.',
  'privacy.s2Title': '2. Come usiamo le informazioni',
  'privacy.s2Intro': 'Usiamo i tuoi dati per:',
  'privacy.s2Item1': 'calcolare il tuo profilo di stile e proporti i designer più affini (esecuzione del servizio che richiedi);',
  'privacy.s2Item2': 'gestire il tuo account, i messaggi con i designer e le videochiamate che prenoti;',
  'privacy.s2Item3': 'inviarti email di servizio, come i risultati del test o il link per reimpostare la password;',
  'privacy.s2Item4': 'proteggere la piattaforma da abusi e accessi non autorizzati (legittimo interesse);',
  'privacy.s2Item5': 'migliorare Interno attraverso statistiche aggregate, solo se hai accettato i cookie di analisi (consenso).',
  'privacy.s2Outro': 'Non vendiamo i tuoi dati e non li usiamo per decisioni automatizzate che producano effetti giuridici su di te.',
  'privacy.s3Title': '3. Cookie e tecnologie simili',
  'privacy.s3Intro': 'Usiamo tre categorie di cookie e di archiviazione locale del browser:',
  'privacy.s3EssentialTitle': 'Essenziali',
  'privacy.s3EssentialBody':
    'Necessari al funzionamento: mantengono l’accesso, ricordano le tue preferenze sui cookie e conservano sul dispositivo i dati che permettono a Interno di funzionare anche offline. Non richiedono consenso.',
  'privacy.s3AnalyticsTitle': 'Analisi',
  'privacy.s3AnalyticsBody':
    'Google Analytics, con indirizzo IP anonimizzato, ci dice quali pagine vengono visitate e come, in forma aggregata. Viene caricato solo se scegli «Accetta Tutti».',
  'privacy.s3MarketingTitle': 'Marketing',
  'privacy.s3MarketingBody':
    'Servono a misurare l’efficacia delle nostre campagne e a mostrarti contenuti di Interno più pertinenti su altri siti. Sono attivi solo con il tuo consenso.',
  'privacy.s3Outro': 'Il consenso dura 365 giorni, poi te lo chiediamo di nuovo. Puoi revocarlo in ogni momento.',
  'privacy.s4Title': '4. Condivisione delle informazioni',
  'privacy.s4Body1':
    'Quando contatti un designer o prenoti un appuntamento, il designer riceve il tuo nome, la tua email e il contenuto della richiesta. Il tuo profilo di stile viene condiviso solo con i designer che contatti.',
  'privacy.s4Body2':
    'Ci affidiamo a fornitori che trattano dati per nostro conto (hosting, invio email, accesso con Google, statistiche), vincolati da accordi conformi all’articolo 28 del GDPR. Comunichiamo dati alle autorità solo quando la legge lo impone.',
  'privacy.s5Title': '5. Sicurezza dei dati',
  'privacy.s5Body':
    'Le connessioni sono cifrate, le password sono protette con algoritmi di hashing moderni, i tentativi di accesso ripetuti vengono limitati e le immagini caricate vengono ripulite dai metadati, come la posizione GPS. Conserviamo i dati solo per il tempo necessario: alla cancellazione dell’account eliminiamo i dati personali, salvo quelli che la legge ci obbliga a conservare.',
  'privacy.s6Title': '6. I tuoi diritti secondo il GDPR',
  'privacy.s6Intro': 'In qualsiasi momento puoi chiederci di:',
  'privacy.s6Item1': 'accedere ai tuoi dati e riceverne una copia in un formato leggibile (accesso e portabilità);',
  'privacy.s6Item2': 'correggere i dati inesatti o incompleti (rettifica);',
  'privacy.s6Item3': 'cancellare i tuoi dati, anche eliminando l’account dal tuo profilo (oblio);',
  'privacy.s6Item4': 'limitare il trattamento od opporti a quello basato sul legittimo interesse;',
  'privacy.s6Item5': 'revocare il consenso, senza effetti sui trattamenti già svolti.',
  'privacy.s6Outro':
    'Rispondiamo entro 30 giorni. Se ritieni che il trattamento violi il GDPR puoi presentare reclamo al Garante per la protezione dei dati personali.',
  'privacy.s7Title': '7. Le tue preferenze sui cookie',
  'privacy.s7Body': 'Puoi rivedere in qualsiasi momento le categorie di cookie che hai autorizzato.',
  'privacy.s7Button': 'Gestisci le preferenze cookie',
  'privacy.s8Title': '8. Contatti',
  'privacy.s8Body': 'Per domande su questa informativa o per esercitare i tuoi diritti scrivici a',
  'privacy.email': 'privacy@interno.example',
} as const;

export type Catalogue = typeof it;
