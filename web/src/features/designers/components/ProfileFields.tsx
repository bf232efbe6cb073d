import type { ReactNode } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { Choice, ChoiceGroup, TextAreaField, TextField } from '../../../shared/ui/Field';
import { designerStyleLabel, STYLE_CODES, styleSummary, type StyleCode } from '../../../shared/lib/designStyles';
import { MAX_LENGTH } from '../../../shared/lib/limits';
import { FIRST_PROPOSAL_TIMES, SPECIALTIES, WORK_MODES, type WorkMode } from '../lib/designer';
import type { FormField, ProfileForm } from '../lib/form';
import { workModeLabel } from '../lib/labels';
import styles from './ProfileFields.module.css';

/** The palette each style evokes, as on the home page. */
const STYLE_COLOURS: Readonly<Record<StyleCode, readonly [string, string, string]>> = {
  A: ['#c2553a', '#e0a93b', '#3f6f7a'],
  B: ['#e9dfcf', '#b59a6d', '#44403c'],
  C: ['#f4f1ec', '#cfc8bd', '#2a2623'],
  D: ['#8c4b32', '#6e6e6b', '#2b2b2b'],
  E: ['#f1e6d2', '#c98f6b', '#6b8e9b'],
};

export interface ProfileFieldsProps {
  form: ProfileForm;
  onChange: (patch: Partial<ProfileForm>) => void;
  errors: Partial<Record<FormField, string>>;
  /** Element ids are `${idPrefix}-${field}`, so error links can reach them. */
  idPrefix: string;
  /** Extra fields at the end of "Chi sei" (the profile photo). */
  aboutExtra?: ReactNode;
  /** Extra fields at the end of "Il tuo lavoro" (experience and budget in the edit modal). */
  workExtra?: ReactNode;
  disabled?: boolean;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function Swatch({ code }: { code: StyleCode }) {
  return (
    <span className={styles.swatch} aria-hidden="true">
      {STYLE_COLOURS[code].map((colour) => (
        <span key={colour} style={{ background: colour }} />
      ))}
    </span>
  );
}

/**
 * The profile fields registration and the edit modal share: who the designer is, how they work, and
 * where to find them online. Controlled: the parent keeps the values and the errors.
 */
export function ProfileFields({ form, onChange, errors, idPrefix, aboutExtra, workExtra, disabled = false }: ProfileFieldsProps) {
  const id = (field: FormField | 'about-title' | 'work-title' | 'links-title' | 'links-hint'): string => `${idPrefix}-${field}`;
  const text = (field: 'name' | 'email' | 'phone' | 'city' | 'website' | 'portfolio' | 'social_instagram' | 'social_facebook' | 'social_youtube' | 'social_tiktok') => ({
    id: id(field),
    value: form[field],
    error: errors[field] ?? null,
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
  });

  return (
    <>
      <section className={styles.section} aria-labelledby={id('about-title')}>
        <h2 id={id('about-title')} className={styles.sectionTitle}>
          {t('designers.form.aboutTitle')}
        </h2>
        <div className={styles.twoColumns}>
          <TextField label={t('designers.field.name')} autoComplete="name" maxLength={MAX_LENGTH.name} {...text('name')} />
          <TextField label={t('designers.field.email')} type="email" autoComplete="email" inputMode="email" maxLength={MAX_LENGTH.email} {...text('email')} />
          <TextField label={t('designers.field.phone')} type="tel" autoComplete="tel" optional maxLength={MAX_LENGTH.phone} {...text('phone')} />
          <TextField label={t('designers.field.city')} hint={t('designers.field.cityHint')} autoComplete="address-level2" maxLength={MAX_LENGTH.city} {...text('city')} />
        </div>
        {aboutExtra}
      </section>

      <section className={styles.section} aria-labelledby={id('work-title')}>
        <h2 id={id('work-title')} className={styles.sectionTitle}>
          {t('designers.form.workTitle')}
        </h2>
        <TextAreaField
          id={id('bio')}
          label={t('designers.field.bio')}
          hint={t('designers.field.bioHint')}
          value={form.bio}
          error={errors.bio ?? null}
          disabled={disabled}
          rows={5}
          maxLength={MAX_LENGTH.bio}
          onChange={(event) => onChange({ bio: event.target.value })}
        />
        <ChoiceGroup id={id('design_style')} label={t('designers.field.designStyle')} error={errors.design_style ?? null} layout="cards">
          {STYLE_CODES.map((code) => (
            <Choice
              key={code}
              type="radio"
              name={id('design_style')}
              value={code}
              checked={form.design_style === code}
              disabled={disabled}
              onChange={() => onChange({ design_style: code })}
              label={designerStyleLabel(code)}
              description={styleSummary(code)}
              leading={<Swatch code={code} />}
            />
          ))}
        </ChoiceGroup>
        <ChoiceGroup
          id={id('specialties')}
          label={t('designers.field.specialties')}
          hint={t('designers.field.specialtiesHint')}
          error={errors.specialties ?? null}
        >
          {SPECIALTIES.map((specialty) => (
            <Choice
              key={specialty}
              type="checkbox"
              value={specialty}
              checked={form.specialties.includes(specialty)}
              disabled={disabled}
              onChange={() => onChange({ specialties: toggle(form.specialties, specialty) })}
              label={specialty}
            />
          ))}
        </ChoiceGroup>
        <div className={styles.twoColumns}>
          <ChoiceGroup id={id('prima_proposta')} label={t('designers.field.primaProposta')} error={errors.prima_proposta ?? null}>
            {FIRST_PROPOSAL_TIMES.map((time) => (
              <Choice
                key={time}
                type="radio"
                name={id('prima_proposta')}
                value={time}
                checked={form.prima_proposta === time}
                disabled={disabled}
                onChange={() => onChange({ prima_proposta: time })}
                label={time}
              />
            ))}
          </ChoiceGroup>
          <ChoiceGroup id={id('work_preferences')} label={t('designers.field.workPreferences')} error={errors.work_preferences ?? null}>
            {WORK_MODES.map((mode: WorkMode) => (
              <Choice
                key={mode}
                type="checkbox"
                value={mode}
                checked={form.work_preferences.includes(mode)}
                disabled={disabled}
                onChange={() => onChange({ work_preferences: toggle(form.work_preferences, mode) })}
                label={workModeLabel(mode)}
              />
            ))}
          </ChoiceGroup>
        </div>
        {workExtra}
      </section>

      <section className={styles.section} aria-labelledby={id('links-title')} aria-describedby={id('links-hint')}>
        <h2 id={id('links-title')} className={styles.sectionTitle}>
          {t('designers.form.linksTitle')}
        </h2>
        <p id={id('links-hint')} className={styles.sectionHint}>
          {t('designers.form.linksHint')}
        </p>
        <div className={styles.twoColumns}>
          <TextField label={t('designers.field.website')} type="url" inputMode="url" autoComplete="url" placeholder="www.iltuostudio.it" optional maxLength={MAX_LENGTH.link} {...text('website')} />
          <TextField
            label={t('designers.field.portfolio')}
            hint={t('designers.field.portfolioHint')}
            type="url"
            inputMode="url"
            placeholder="behance.net/iltuonome"
            optional
            maxLength={MAX_LENGTH.link}
            {...text('portfolio')}
          />
          <TextField label={t('designers.field.instagram')} placeholder="@iltuostudio" optional maxLength={MAX_LENGTH.link} {...text('social_instagram')} />
          <TextField label={t('designers.field.facebook')} placeholder="facebook.com/iltuostudio" optional maxLength={MAX_LENGTH.link} {...text('social_facebook')} />
          <TextField label={t('designers.field.youtube')} placeholder="@iltuocanale" optional maxLength={MAX_LENGTH.link} {...text('social_youtube')} />
          <TextField label={t('designers.field.tiktok')} placeholder="@iltuonome" optional maxLength={MAX_LENGTH.link} {...text('social_tiktok')} />
        </div>
      </section>
    </>
  );
}
