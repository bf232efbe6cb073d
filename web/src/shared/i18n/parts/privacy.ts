import { addMessages } from '../messages';

/** Italian texts of "privacy" (see ../it.ts); imported by every module that uses one of them. */
export const privacy = {
  // Privacy policy (/privacy)
  'privacy.title': 'Informativa sulla privacy',
  'privacy.updated': 'Ultimo aggiornamento: 4 Agosto 2025',
  'privacy.intro':
    'Interno mette in contatto chi cerca un interior designer con professionisti affini al suo stile. Questa informativa spiega quali dati trattiamo, perché lo facciamo e come puoi esercitare i tuoi diritti ai sensi del Regolamento (UE) 2016/679 (GDPR). Titolare del trattamento è Interno.',
  'privacy.tocLabel': 'In questa pagina',
  'privacy.s1Title': '1. Informazioni che raccogliamo',
  'privacy.s1Intro': 'Raccogliamo solo i dati che servono a offrirti il servizio:',
  'privacy.s1Item1': "Dati di account: nome, indirizzo email, password (conservata solo in forma cifrata) oppure l'identificativo dell'accesso con Google.",
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
    "Necessari al funzionamento: mantengono l'accesso, ricordano le tue preferenze sui cookie e conservano sul dispositivo i dati che permettono a Interno di funzionare anche offline. Non richiedono consenso.",
  'privacy.s3AnalyticsTitle': 'Analisi',
  'privacy.s3AnalyticsBody':
    'Google Analytics, con indirizzo IP anonimizzato, ci dice quali pagine vengono visitate e come, in forma aggregata. Viene caricato solo se scegli «Accetta Tutti».',
  'privacy.s3MarketingTitle': 'Marketing',
  'privacy.s3MarketingBody':
    "Servono a misurare l'efficacia delle nostre campagne e a mostrarti contenuti di Interno più pertinenti su altri siti. Sono attivi solo con il tuo consenso.",
  'privacy.s3Outro': 'Il consenso dura 365 giorni, poi te lo chiediamo di nuovo. Puoi revocarlo in ogni momento.',
  'privacy.s4Title': '4. Condivisione delle informazioni',
  'privacy.s4Body1':
    'Quando contatti un designer o prenoti un appuntamento, il designer riceve il tuo nome, la tua email e il contenuto della richiesta. Il tuo profilo di stile viene condiviso solo con i designer che contatti.',
  'privacy.s4Body2':
    "Ci affidiamo a fornitori che trattano dati per nostro conto (hosting, invio email, accesso con Google, statistiche), vincolati da accordi conformi all'articolo 28 del GDPR. Comunichiamo dati alle autorità solo quando la legge lo impone.",
  'privacy.s5Title': '5. Sicurezza dei dati',
  'privacy.s5Body':
    "Le connessioni sono cifrate, le password sono protette con algoritmi di hashing moderni, i tentativi di accesso ripetuti vengono limitati e le immagini caricate vengono ripulite dai metadati, come la posizione GPS. Conserviamo i dati solo per il tempo necessario: alla cancellazione dell'account eliminiamo i dati personali, salvo quelli che la legge ci obbliga a conservare.",
  'privacy.s6Title': '6. I tuoi diritti secondo il GDPR',
  'privacy.s6Intro': 'In qualsiasi momento puoi chiederci di:',
  'privacy.s6Item1': 'accedere ai tuoi dati e riceverne una copia in un formato leggibile (accesso e portabilità);',
  'privacy.s6Item2': 'correggere i dati inesatti o incompleti (rettifica);',
  'privacy.s6Item3': "cancellare i tuoi dati, anche eliminando l'account dal tuo profilo (oblio);",
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

addMessages(privacy);
