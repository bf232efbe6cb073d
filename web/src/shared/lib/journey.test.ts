import { describe, expect, it } from 'vitest';
import {
  adoptLegacyQuiz,
  clearIntent,
  clearQuiz,
  currentLead,
  loadQuiz,
  readIntent,
  registrationFor,
  registrationPath,
  rememberIntent,
  rememberLead,
  saveQuiz,
  takeIntent,
  type QuizResult,
} from './journey';
import { dropLeadQuery, leadFields, leadFromQuery, leadQuery, linkNamesLead, parseLead } from './lead';
import type { StorageArea } from './storage';

function memory(entries: Record<string, string> = {}): StorageArea & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const broken: StorageArea = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

const analysis = { dominant_style: 'A', style_percentages: { A: 40, B: 10, C: 20, D: 10, E: 20 } };
const quiz: QuizResult = { lead: { lead_id: 12 }, answers: ['Colori vivaci', 'Legno naturale'], style_analysis: analysis };
const chiara = { id: 7, name: 'Chiara Bruni' };

describe('the questionnaire in the journey', () => {
  it('round-trips through the seed session keys, the lead kept in questionnaireAnswers only', () => {
    const storage = memory();
    saveQuiz(quiz, storage);
    expect([...storage.data.keys()].sort()).toEqual(['questionnaireAnswers', 'styleAnalysis']);
    expect(JSON.parse(storage.data.get('questionnaireAnswers') ?? '')).toEqual({ lead_id: 12, answers: quiz.answers });
    expect(loadQuiz(storage)).toEqual(quiz);
    expect(currentLead(storage)).toEqual({ lead_id: 12 });
  });

  it('keeps a lead token next to the id when the server gives one', () => {
    const storage = memory();
    saveQuiz({ ...quiz, lead: { lead_id: 12, lead_token: 'tok' } }, storage);
    expect(currentLead(storage)).toEqual({ lead_id: 12, lead_token: 'tok' });
  });

  it('keeps answers taken offline, before the server gave a lead', () => {
    const storage = memory();
    saveQuiz({ ...quiz, lead: null }, storage);
    expect(loadQuiz(storage)).toEqual({ ...quiz, lead: null });
    expect(currentLead(storage)).toBeNull();
  });

  it('returns null when nothing, garbage or an empty result is stored', () => {
    const storage = memory();
    expect(loadQuiz(storage)).toBeNull();
    storage.setItem('questionnaireAnswers', '{not json');
    expect(loadQuiz(storage)).toBeNull();
    storage.setItem('questionnaireAnswers', JSON.stringify({ lead_id: 'x', answers: [] }));
    expect(loadQuiz(storage)).toBeNull();
    storage.setItem('questionnaireAnswers', JSON.stringify({ lead_id: -4, answers: [3, null] }));
    expect(loadQuiz(storage)).toBeNull();
  });

  it('learns the lead of an offline result, and a link lead replaces another journey', () => {
    const storage = memory();
    saveQuiz({ ...quiz, lead: null }, storage);
    rememberLead({ lead_id: 40 }, storage);
    expect(loadQuiz(storage)).toEqual({ ...quiz, lead: { lead_id: 40 } });
    rememberLead({ lead_id: 40, lead_token: 'tok' }, storage);
    expect(loadQuiz(storage)?.lead).toEqual({ lead_id: 40, lead_token: 'tok' });
    expect(loadQuiz(storage)?.answers).toEqual(quiz.answers);
    // Another questionnaire (a link from another e-mail): just that lead, the old answers are not its own.
    rememberLead({ lead_id: 41 }, storage);
    expect(loadQuiz(storage)).toEqual({ lead: { lead_id: 41 }, answers: [], style_analysis: null });
  });

  it('forgets the questionnaire and keeps the intent', () => {
    const storage = memory();
    saveQuiz(quiz, storage);
    rememberIntent({ kind: 'like', designer: chiara }, '/profile/7', storage);
    clearQuiz(storage);
    expect(loadQuiz(storage)).toBeNull();
    expect(readIntent(storage)?.intent.kind).toBe('like');
  });

  it('moves a result an older version kept in localStorage into the journey, once', () => {
    const local = memory({ questionnaire_answers: JSON.stringify({ lead_id: 9, answers: ['Ottone'] }), style_analysis: JSON.stringify(analysis) });
    const session = memory();
    adoptLegacyQuiz(local, session);
    expect(loadQuiz(session)).toEqual({ lead: { lead_id: 9 }, answers: ['Ottone'], style_analysis: analysis });
    expect(local.data.size).toBe(0);
    // A newer journey is never overwritten by the old copy.
    const newer = memory();
    saveQuiz(quiz, newer);
    adoptLegacyQuiz(memory({ questionnaire_answers: JSON.stringify({ lead_id: 9, answers: ['Ottone'] }) }), newer);
    expect(loadQuiz(newer)).toEqual(quiz);
  });

  it('survives a storage that throws', () => {
    expect(() => saveQuiz(quiz, broken)).not.toThrow();
    expect(loadQuiz(broken)).toBeNull();
    expect(() => clearQuiz(broken)).not.toThrow();
    expect(() => rememberIntent({ kind: 'like', designer: chiara }, '/', broken)).not.toThrow();
    expect(takeIntent(broken)).toBeNull();
    expect(() => adoptLegacyQuiz(broken, broken)).not.toThrow();
  });
});

describe('what the visitor was doing', () => {
  it('keeps a written message under pendingDesigner and pendingContact', () => {
    const storage = memory();
    rememberIntent({ kind: 'contact', designer: { ...chiara, profile_picture: '/api/uploads/p.jpg' }, message: 'Vorrei rifare la cucina' }, '/?x=1', storage);
    expect(JSON.parse(storage.data.get('pendingDesigner') ?? '')).toEqual({ id: 7, name: 'Chiara Bruni', profile_picture: '/api/uploads/p.jpg', action: 'contact' });
    expect(JSON.parse(storage.data.get('pendingContact') ?? '')).toEqual({ designer_id: 7, message: 'Vorrei rifare la cucina' });
    expect(storage.data.get('returnAfterRegistration')).toBe('/?x=1');
    expect(readIntent(storage)).toEqual({
      intent: { kind: 'contact', designer: { ...chiara, profile_picture: '/api/uploads/p.jpg' }, message: 'Vorrei rifare la cucina' },
      returnPath: '/?x=1',
    });
  });

  it('keeps a contact to reopen (nothing typed), a like, and a booking on its slot', () => {
    const storage = memory();
    rememberIntent({ kind: 'contact', designer: chiara }, '/profile/7', storage);
    expect(readIntent(storage)?.intent).toEqual({ kind: 'contact', designer: chiara });
    rememberIntent({ kind: 'like', designer: chiara }, '/', storage);
    expect(readIntent(storage)?.intent).toEqual({ kind: 'like', designer: chiara });
    expect(storage.data.has('pendingContact')).toBe(false);
    const slot = '2030-03-04T10:00:00+01:00';
    rememberIntent({ kind: 'book', designer: chiara, appointment_date: slot, message: 'Soggiorno', phone: '+39 333' }, '/designer/7', storage);
    expect(JSON.parse(storage.data.get('pendingAppointment') ?? '')).toEqual({
      designer_id: 7, designer_name: 'Chiara Bruni', appointment_date: slot, message: 'Soggiorno', phone: '+39 333',
    });
    expect(readIntent(storage)?.intent).toEqual({ kind: 'book', designer: chiara, appointment_date: slot, message: 'Soggiorno', phone: '+39 333' });
  });

  it('is taken once: a second read finds nothing, so nothing happens twice', () => {
    const storage = memory();
    rememberIntent({ kind: 'contact', designer: chiara, message: 'Ciao' }, '/', storage);
    expect(takeIntent(storage)?.intent).toEqual({ kind: 'contact', designer: chiara, message: 'Ciao' });
    expect(takeIntent(storage)).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('ignores details stored for another designer, and unreadable values', () => {
    const storage = memory({
      pendingDesigner: JSON.stringify({ id: 7, name: 'Chiara', action: 'book' }),
      pendingAppointment: JSON.stringify({ designer_id: 8, appointment_date: '2030-03-04T10:00:00Z' }),
    });
    expect(readIntent(storage)?.intent).toEqual({ kind: 'book', designer: { id: 7, name: 'Chiara' } });
    storage.setItem('pendingAppointment', JSON.stringify({ designer_id: 7, appointment_date: 'domani' }));
    expect(readIntent(storage)?.intent).toEqual({ kind: 'book', designer: { id: 7, name: 'Chiara' } });
    storage.setItem('pendingDesigner', JSON.stringify({ id: 0 }));
    expect(readIntent(storage)).toBeNull();
    storage.setItem('pendingDesigner', '{');
    expect(readIntent(storage)).toBeNull();
  });

  it('reads an intent an older version stored (no action: a contact) with its message', () => {
    const storage = memory({ pendingDesigner: JSON.stringify({ id: 3, name: 'Luca' }), pendingContact: JSON.stringify({ designer_id: 3, message: 'Salve' }) });
    expect(readIntent(storage)?.intent).toEqual({ kind: 'contact', designer: { id: 3, name: 'Luca' }, message: 'Salve' });
  });

  it('clears every intent key and nothing else', () => {
    const storage = memory();
    saveQuiz(quiz, storage);
    rememberIntent({ kind: 'book', designer: chiara }, '/', storage);
    clearIntent(storage);
    expect([...storage.data.keys()].sort()).toEqual(['questionnaireAnswers', 'styleAnalysis']);
  });
});

describe('the way to registration', () => {
  it('names what waits and carries the lead', () => {
    const storage = memory();
    expect(registrationPath('contact', null)).toBe('/login?mode=register&redirect=contact');
    expect(registrationPath('like', { lead_id: 5 })).toBe('/login?mode=register&redirect=designers&leadId=5');
    expect(registrationPath('book', { lead_id: 5, lead_token: 'a b' })).toBe('/login?mode=register&redirect=appointment&leadId=5&leadToken=a+b');
    expect(registrationPath(null, { lead_id: 5 })).toBe('/login?mode=register&leadId=5');
    saveQuiz(quiz, storage);
    expect(registrationPath('contact', currentLead(storage))).toBe('/login?mode=register&redirect=contact&leadId=12');
  });

  it("keeps a visitor's intent with its page and opens the registration from that page", () => {
    sessionStorage.clear();
    expect(registrationFor({ kind: 'like', designer: { id: 3, name: 'Chiara' } }, '/profile/3')).toEqual({
      to: '/login?mode=register&redirect=designers',
      state: { loginFrom: '/profile/3' },
    });
    expect(readIntent()).toMatchObject({ intent: { kind: 'like', designer: { id: 3 } }, returnPath: '/profile/3' });
    sessionStorage.clear();
  });
});

describe('the lead module', () => {
  it('reads leads from answers, stored copies and links, and writes them back', () => {
    expect(parseLead({ lead_id: 3 })).toEqual({ lead_id: 3 });
    expect(parseLead({ lead_id: '3', lead_token: ' t ' })).toEqual({ lead_id: 3, lead_token: 't' });
    expect(parseLead({ lead_id: null })).toBeNull();
    expect(parseLead({ lead_id: 2.5 })).toBeNull();
    expect(parseLead('3')).toBeNull();
    expect(leadFromQuery(new URLSearchParams('leadId=8&leadToken=x'))).toEqual({ lead_id: 8, lead_token: 'x' });
    expect(leadFromQuery(new URLSearchParams('leadId=8x'))).toBeNull();
    // Without its token a link's lead is nothing the server would read or attach.
    expect(leadFromQuery(new URLSearchParams('leadId=8'))).toBeNull();
    expect(leadFromQuery(new URLSearchParams('leadId=8&leadToken=%20'))).toBeNull();
    expect(linkNamesLead(new URLSearchParams('leadId=8'))).toBe(true);
    expect(linkNamesLead(new URLSearchParams('leadId=x'))).toBe(false);
    const search = new URLSearchParams('mode=register&leadId=8&leadToken=x');
    dropLeadQuery(search);
    expect(search.toString()).toBe('mode=register');
    expect(leadQuery({ lead_id: 8 })).toBe('leadId=8');
    expect(leadFields({ lead_id: 8 })).toEqual({ lead_id: 8 });
    expect(leadFields({ lead_id: 8, lead_token: 'x' })).toEqual({ lead_id: 8, lead_token: 'x' });
  });
});
