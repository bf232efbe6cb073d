import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/matching';
import '../../../shared/i18n/parts/quiz';
import { registrationPath, saveQuiz } from '../../../shared/lib/journey';
import type { Lead } from '../../../shared/lib/lead';
import { selectUser, selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { Alert } from '../../../shared/ui/Alert';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { SendResultsButton } from '../../engagement/components/SendResultsButton';
import { DesignerCard } from '../../matching/components/DesignerCard';
import { useRunCommand } from '../../../shared/offline/command';
import { submitMatch } from '../commands';
import { useGetQuestionnaireQuery } from '../api/questionnaireApi';
import { flowReducer, initialFlow, type FlowAction } from '../lib/homeFlow';
import { newRun, readSavedJourney, saveJourney, type JourneyResult, type SavedJourney } from '../lib/journeyHistory';
import { loadLastResult, onLastResult, saveLastResult } from '../lib/lastResult';
import { matchingFailureKey, parseMatchPage, type MatchedDesigner } from '../../matching/lib/matches';
import { chosenOptions, scoreOptions, type StyleAnalysis } from '../lib/questionnaire';
import { MatchList } from '../../matching/components/MatchList';
import { QuestionStep } from './QuestionStep';
import { StyleProfile } from './StyleProfile';
import styles from './HomeJourney.module.css';

export interface HomeJourneyProps {
  /** Leaves the journey (Indietro on the first question). */
  onExit: () => void;
}

// Like, share, write and book (with Dexie and the booking and chat code) load with the results.
const DesignerCardActions = lazy(() =>
  import('../../matching/components/DesignerCardActions').then((m) => ({ default: m.DesignerCardActions })),
);
const bookAction = (designer: MatchedDesigner) => (
  <Suspense fallback={null}>
    <DesignerCardActions designer={designer} />
  </Suspense>
);

/**
 * The questionnaire states of the home page: the seven questions, the registration prompt with the
 * style result, and the matched designers. Finished offline, the result is computed on the device
 * and the answers go through the outbox; the designers arrive when the connection returns.
 *
 * A visitor's result is kept in the journey (shared/lib/journey) as soon as it is known, so every way
 * to registration carries it. A signed-in customer's result is saved to their account by the server,
 * so the screens offer their profile instead of "Registrati".
 */
export function HomeJourney({ onExit }: HomeJourneyProps) {
  const navigate = useNavigate();
  const customer = useSelector((state: WithSession) => selectUser(state)?.role === 'user');
  // Whose journey a history entry keeps: after a logout or under another account it is not restored.
  const owner = useSelector((state: WithSession) => selectUserId(state));
  const questionnaire = useGetQuestionnaireQuery();
  const { run: match, busy: submitting } = useRunCommand(submitMatch);
  const [flow, dispatch] = useReducer(flowReducer, initialFlow);
  const [result, setResult] = useState<JourneyResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const [begun, setBegun] = useState(false);
  // Which run of the test this is and how many steps of it precede this history entry (journeyHistory.ts).
  const [place, setPlace] = useState({ run: '', depth: 0 });
  // The next save is a step forward: a new history entry rather than this one, if the step it saves
  // differs from the one saved last (run, phase and question).
  const stepForward = useRef(false);
  const savedStep = useRef('');
  // A result computed offline came back from the history entry: the outbox may have sent it since.
  const [restoredPending, setRestoredPending] = useState(false);
  // The scroll position a restored journey goes back to once it has rendered (0: the top).
  const [restoredScroll, setRestoredScroll] = useState(0);
  // Counts the restorations, so that each one runs the scroll effect below (two entries may share
  // their phase, question and position).
  const [restorations, setRestorations] = useState(0);
  const scrollRestored = useRef(false);
  const pendingScroll = useRef<number | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);
  const data = questionnaire.data;

  // Back to where a history entry left the journey; to a question of the same run (`run`), with the
  // answers given since that entry was left.
  const restore = useCallback((saved: SavedJourney, run: string): void => {
    setResult(saved.result);
    setFailure(saved.failure);
    setRestoredPending(saved.result?.pending === true);
    setPages(saved.pages);
    setRestoredScroll(saved.scrollY);
    setRestorations((n) => n + 1);
    setPlace({ run: saved.run, depth: saved.depth });
    // Answers are kept only going to a question: a result or designers entry shows what its answers gave.
    const keepAnswers = saved.run !== '' && saved.run === run && saved.flow.phase === 'questionnaire';
    dispatch({ type: 'restore', state: saved.flow, keepAnswers });
  }, []);

  // The journey begins once the questions are here: where this history entry left it (Back, Forward
  // or a reload: journeyHistory.ts), else at the first question.
  if (data && !begun) {
    setBegun(true);
    const saved = readSavedJourney(data.questions.length, owner);
    if (saved) {
      restore(saved, place.run);
    } else {
      setPlace({ run: newRun(), depth: 0 });
      dispatch({ type: 'start', total: data.questions.length });
    }
  }

  // The browser's Back and Forward between the journey's own entries: the step that entry kept, at
  // the position it kept.
  const questions = data?.questions.length ?? 0;
  useEffect(() => {
    if (!questions) return;
    const onPop = (event: PopStateEvent): void => {
      const saved = readSavedJourney(questions, owner, event.state);
      if (!saved) return;
      scrollRestored.current = false;
      restore(saved, place.run);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [questions, owner, place.run, restore]);

  /**
   * A step forward (Avanti, Completa, Mostra Designer, Rifai il test): an entry of its own. The save
   * that follows makes it only if the step did happen (a refused one, say Completa after Back was
   * pressed while the answers were being sent, leaves the next save a plain one).
   */
  const forward = (action: FlowAction): void => {
    stepForward.current = true;
    dispatch(action);
  };

  useEffect(() => {
    if (begun && flow.phase === 'home') onExit();
  }, [begun, flow.phase, onExit]);

  // Every step is kept in this history entry, and so is the scroll position on the designers.
  useEffect(() => {
    if (!begun || flow.phase === 'home') return;
    const journey = (depth: number, scrollY: number): SavedJourney => ({ owner, run: place.run, depth, flow, result, failure, pages, scrollY });
    // While a restored position waits for the page to be tall enough, it is the one kept; and so it
    // is before the restoration has even begun (this effect runs before the one that scrolls there,
    // and the window is still where the previous step left it: a reload right after Back would
    // otherwise come back to that place).
    const position = (): number => pendingScroll.current ?? (scrollRestored.current ? window.scrollY : restoredScroll);
    const keep = (): void => saveJourney(journey(place.depth, position()));
    const step = `${place.run}:${flow.phase}:${flow.index}`;
    const stepped = stepForward.current && step !== savedStep.current;
    stepForward.current = false;
    savedStep.current = step;
    if (stepped) {
      // A step forward: the entry left keeps where it was (its scroll included), the new one follows.
      setPlace({ run: place.run, depth: place.depth + 1 });
      saveJourney(journey(place.depth + 1, 0), true);
    } else {
      keep();
    }
    let timer: number | undefined;
    const onScroll = (): void => {
      window.clearTimeout(timer);
      timer = window.setTimeout(keep, 200);
    };
    // A tap that leaves (a designer's profile) may come before the scroll's save: the position is
    // kept first, while this entry is still the current one.
    const keepNow = (): void => {
      window.clearTimeout(timer);
      keep();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('click', keepNow, { capture: true });
    // A reload or a departure within the scroll's 200 ms keeps the position too.
    window.addEventListener('pagehide', keepNow);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('click', keepNow, { capture: true });
      window.removeEventListener('pagehide', keepNow);
    };
  }, [begun, owner, place, flow, result, failure, pages, restoredScroll]);

  // Move focus to the new question or state so keyboard and screen-reader users follow along.
  useEffect(() => {
    const target = headingRef.current?.querySelector<HTMLElement>('h1, h2');
    target?.focus({ preventScroll: true });
    // The first render of a restored journey goes back where the person was; every step after, the top.
    const top = scrollRestored.current ? 0 : restoredScroll;
    if (begun) scrollRestored.current = true;
    window.scrollTo({ top });
    if (top <= 0 || typeof ResizeObserver === 'undefined') return;
    // After a reload the designers' later pages, and the cards' actions, arrive after this render:
    // the page grows, first until the position can be reached, then to the layout the position was
    // kept in (a card's actions make it taller: the position reached without them showed later cards,
    // and the browser's scroll anchoring then kept those on screen). So the position is set again at
    // every change of the page's size, until the person scrolls, taps or types.
    pendingScroll.current = top;
    const interactions = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const stop = (): void => {
      pendingScroll.current = null;
      observer.disconnect();
      for (const type of interactions) window.removeEventListener(type, stop);
    };
    const observer = new ResizeObserver(() => window.scrollTo({ top }));
    observer.observe(document.body);
    for (const type of interactions) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [begun, flow.phase, flow.index, restoredScroll, restorations]);

  // A restored result computed offline: if the outbox delivered it while the person was elsewhere,
  // the kept copy on the device has its lead and designers now.
  useEffect(() => {
    if (!restoredPending) return;
    let active = true;
    void loadLastResult()
      .then((last) => {
        if (!active || !last || last.pending || !last.matches) return;
        const delivered = last.matches;
        setResult((current) =>
          current && current.pending
            ? { ...current, analysis: last.analysis, lead: delivered.lead, firstPage: delivered, pending: false }
            : current,
        );
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [restoredPending]);

  // A quiz finished offline: when the outbox delivers it, the lead and the designers arrive.
  useEffect(
    () =>
      onLastResult((last) => {
        setResult((current) => {
          if (!current || !current.pending || last.pending || !last.matches) return current;
          return { ...current, analysis: last.analysis, lead: last.matches.lead, firstPage: last.matches, pending: false };
        });
      }),
    [],
  );

  if (!data) {
    return (
      <div className={styles.status}>
        {questionnaire.isError ? (
          <>
            <Alert tone="error">{t('quiz.loadError')}</Alert>
            <div className={styles.statusActions}>
              <Button onClick={() => void questionnaire.refetch()}>{t('quiz.retry')}</Button>
              <Button variant="ghost" onClick={onExit}>
                {t('quiz.exit')}
              </Button>
            </div>
          </>
        ) : (
          <p role="status">{t('quiz.loading')}</p>
        )}
      </div>
    );
  }

  const complete = async (): Promise<void> => {
    const chosen = chosenOptions(data, flow.answers);
    if (!chosen) return;
    const local = scoreOptions(chosen);
    const answers = chosen.map((o) => o.text);
    setFailure(null);
    // A visitor's result joins the journey at once; without a lead (offline, or the server failed)
    // the answers travel instead, and the server scores them at registration.
    const keep = (lead: Lead | null, analysis: StyleAnalysis): void => {
      if (!customer) saveQuiz({ lead, answers, style_analysis: analysis });
    };
    // The previous result, for the pending screen, before this one is saved.
    const previous = await loadLastResult();
    // The submitMatch command whatever the connection: the server's answer online; offline (or the
    // server out of reach) the answers wait in the outbox and the result, computed here, is pending.
    const outcome = await match({ answers });
    if (outcome.status === 'sent') {
      const page = parseMatchPage(outcome.response);
      const analysis = page.style_analysis ?? local;
      keep(page.lead, analysis);
      setResult({ answers, analysis, lead: page.lead, firstPage: page, pending: false, previous: null });
      void saveLastResult({ answers, analysis, matches: page, pending: false, savedAt: Date.now() });
    } else if (outcome.status === 'queued') {
      keep(null, local);
      await saveLastResult({ answers, analysis: local, matches: null, pending: true, savedAt: Date.now() });
      setResult({ answers, analysis: local, lead: null, pending: true, previous });
    } else {
      keep(null, local);
      setFailure(t(matchingFailureKey(outcome.error)));
      setResult({ answers, analysis: local, lead: null, pending: false, previous: null });
    }
    forward({ type: 'completed' });
  };

  const register = (): void => {
    if (!result) return;
    navigate(registrationPath(null, result.lead));
  };

  const restart = (): void => {
    setResult(null);
    setFailure(null);
    setPages(1);
    setPlace((now) => ({ ...now, run: newRun() }));
    forward({ type: 'start', total: data.questions.length });
  };

  // Indietro is the browser's Back when the question before is the entry before (a step of this run),
  // so that the two never disagree; on the first question it leaves the test.
  const back = (): void => {
    if (flow.index > 0 && place.depth > 0) window.history.back();
    else dispatch({ type: 'back' });
  };

  if (flow.phase === 'questionnaire') {
    const question = data.questions[flow.index];
    if (!question) return null;
    return (
      <div ref={headingRef}>
        <QuestionStep
          question={question}
          index={flow.index}
          total={data.questions.length}
          answer={flow.answers[flow.index] ?? null}
          onAnswer={(text) => dispatch({ type: 'answer', text })}
          onBack={back}
          onNext={() => (flow.index === data.questions.length - 1 ? void complete() : forward({ type: 'next' }))}
          busy={submitting}
        />
      </div>
    );
  }

  if (!result) return null;

  if (flow.phase === 'prompt') {
    return (
      <div className={styles.page} ref={headingRef}>
        <StyleProfile analysis={result.analysis} styles={data.styles} />
        {result.pending ? (
          <Alert tone="info" className={styles.notice}>
            {t('quiz.offlineResult')}
          </Alert>
        ) : null}
        <section className={styles.prompt} aria-labelledby="quiz-prompt-title">
          <h2 id="quiz-prompt-title" className={styles.promptTitle}>
            {customer ? t('quiz.savedTitle') : t('quiz.promptTitle')}
          </h2>
          <p className={styles.promptBody}>{customer ? t('quiz.savedBody') : t('quiz.promptBody')}</p>
          <div className={styles.promptActions}>
            {customer ? (
              <ButtonLink size="lg" to="/user-profile">
                {t('quiz.goToProfile')}
              </ButtonLink>
            ) : (
              <Button size="lg" onClick={register}>
                {t('quiz.register')}
              </Button>
            )}
            <Button size="lg" variant="secondary" onClick={() => forward({ type: 'showDesigners' })}>
              {t('quiz.showDesigners')}
            </Button>
          </div>
          <SendResultsButton
            styleAnalysis={result.analysis}
            designerIds={(result.firstPage?.designers ?? []).map((designer) => designer.id)}
            variant="ghost"
          />
        </section>
      </div>
    );
  }

  const dominant = data.styles.find((s) => s.code === result.analysis.dominant_style)?.label ?? result.analysis.dominant_style;
  return (
    <div className={styles.page} ref={headingRef}>
      <header className={styles.designersHead}>
        <h1 className={styles.designersTitle} tabIndex={-1}>
          {t('matching.title')}
        </h1>
        <p className={styles.designersLead}>{t('matching.lead', { style: dominant })}</p>
        <div className={styles.headActions}>
          {customer ? (
            <ButtonLink variant="secondary" to="/user-profile">
              {t('quiz.goToProfile')}
            </ButtonLink>
          ) : (
            <Button variant="secondary" onClick={register}>
              {t('quiz.register')}
            </Button>
          )}
          <Button variant="ghost" onClick={restart}>
            {t('quiz.restart')}
          </Button>
        </div>
      </header>
      {failure ? (
        <Alert tone="error">{failure}</Alert>
      ) : result.lead !== null ? (
        <MatchList
          subject={{ lead: result.lead }}
          firstPage={result.firstPage}
          renderActions={bookAction}
          initialPages={pages}
          onPagesChange={setPages}
        />
      ) : result.pending ? (
        <>
          <Alert tone="info">{t('matching.pending')}</Alert>
          {result.previous?.matches && result.previous.matches.designers.length > 0 ? (
            <section className={styles.previous}>
              <StaleNotice fetchedAt={result.previous.savedAt} />
              <p>{t('matching.lastSeen')}</p>
              <ul className={styles.previousCards}>
                {result.previous.matches.designers.map((d) => (
                  <li key={d.id}>
                    <DesignerCard designer={d} actions={bookAction(d)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
