import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/quiz';
import { Button } from '../../../shared/ui/Button';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import type { QuizOption, QuizQuestion } from '../lib/questionnaire';
import styles from './Questionnaire.module.css';

export interface QuestionStepProps {
  question: QuizQuestion;
  index: number;
  total: number;
  answer: string | null;
  onAnswer: (text: string) => void;
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
}

/**
 * One question at a time: progress bar, "Domanda N di 7", the options as pictures with their text
 * (a radio group), Indietro and Avanti — Completa on the last question. Avanti waits for an answer.
 */
export function QuestionStep({ question, index, total, answer, onAnswer, onBack, onNext, busy }: QuestionStepProps) {
  const last = index === total - 1;
  const progress = Math.round(((index + (answer ? 1 : 0)) / total) * 100);
  const headingId = `quiz-q-${question.id}`;
  return (
    <section className={styles.quiz} aria-labelledby={headingId}>
      <div className={styles.progressRow}>
        <p className={styles.counter}>{t('quiz.progress', { n: index + 1, total })}</p>
        <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t('quiz.progress', { n: index + 1, total })}>
          <span className={styles.progressFill} style={{ width: `${progress}%` }} />
        </div>
      </div>
      <h1 id={headingId} className={styles.question} tabIndex={-1}>
        {question.text}
      </h1>
      {question.hint ? <p className={styles.hint}>{question.hint}</p> : null}
      <div role="radiogroup" aria-labelledby={headingId} className={styles.options} data-count={question.options.length}>
        {question.options.map((option, i) => (
          <OptionCard key={option.id || option.text} option={option} name={headingId} checked={answer === option.text} onChoose={onAnswer} priority={i < 2} />
        ))}
      </div>
      <div className={styles.nav}>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          {t('quiz.back')}
        </Button>
        {answer === null ? <p className={styles.navHint}>{t('quiz.chooseHint')}</p> : null}
        <Button onClick={onNext} disabled={answer === null || busy} aria-busy={busy}>
          {busy ? t('quiz.submitting') : last ? t('quiz.complete') : t('quiz.next')}
        </Button>
      </div>
    </section>
  );
}

function OptionCard({ option, name, checked, onChoose, priority }: { option: QuizOption; name: string; checked: boolean; onChoose: (text: string) => void; priority: boolean }) {
  const [broken, setBroken] = useState(false);
  return (
    <label className={`${styles.option} ${checked ? styles.checked : ''}`}>
      <input type="radio" name={name} value={option.text} checked={checked} onChange={() => onChoose(option.text)} className={styles.radio} />
      <span className={styles.picture}>
        {broken || !option.image ? (
          <span className={styles.noImage}>{t('quiz.imageUnavailable')}</span>
        ) : (
          <ResponsiveImage path={option.image} alt="" width={320} height={240} sizes="(min-width: 900px) 240px, 45vw" minWidth={160} priority={priority} onError={() => setBroken(true)} />
        )}
      </span>
      <span className={styles.optionText}>{option.text}</span>
    </label>
  );
}
