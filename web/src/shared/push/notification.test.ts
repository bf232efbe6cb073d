import { describe, expect, it } from 'vitest';
import { actionUrl, appUrl, chooseWindow, clickTarget, parsePushPayload, toNotification } from './notification';

const ORIGIN = 'https://interno.example';

const message = {
  v: 1,
  type: 'show',
  kind: 'message',
  tag: 'contact-7',
  title: 'Nuovo messaggio da Anna Neri',
  body: 'Vorrei rifare il soggiorno',
  url: '/designer-profile?chat=7',
  badge: 3,
  uid: 12,
  ts: 1_700_000_000_000,
};

describe('parsePushPayload', () => {
  it('reads the server payload', () => {
    const p = parsePushPayload(message);
    expect(p).toMatchObject({ type: 'show', tag: 'contact-7', title: 'Nuovo messaggio da Anna Neri', badge: 3, uid: 12, actions: [] });
  });

  it('reads a close without a title', () => {
    expect(parsePushPayload({ v: 1, type: 'close', kind: 'close', tag: 'contact-7', badge: 0 })).toMatchObject({ type: 'close', badge: 0 });
  });

  it.each([null, 'text', 42, {}, { ...message, v: 2 }, { ...message, type: 'other' }, { ...message, tag: '' }, { ...message, title: '' }])(
    'refuses %j',
    (raw) => {
      expect(parsePushPayload(raw)).toBeNull();
    },
  );

  it('keeps well-formed actions only, at most two, and bounds the texts', () => {
    const p = parsePushPayload({
      ...message,
      body: 'x'.repeat(5000),
      badge: -1,
      actions: [{ action: 'join', title: 'Partecipa alla chiamata', url: 'https://meet.jit.si/abc' }, { action: 'bad' }, 'junk', { action: 'a', title: 'A', url: '/a' }, { action: 'b', title: 'B', url: '/b' }],
    });
    expect(p?.body).toHaveLength(200);
    expect(p?.badge).toBeNull();
    expect(p?.actions.map((a) => a.action)).toEqual(['join', 'a']);
  });
});

describe('links', () => {
  it('keeps the app on its own site', () => {
    expect(appUrl('/user-profile?chat=3', ORIGIN)).toBe('/user-profile?chat=3');
    expect(appUrl('https://evil.example/phish', ORIGIN)).toBe('/');
    expect(appUrl('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(appUrl('', ORIGIN)).toBe('/');
  });

  it('lets an action open the video call, never a script', () => {
    expect(actionUrl('https://meet.jit.si/Interno-abc', ORIGIN)).toBe('https://meet.jit.si/Interno-abc');
    expect(actionUrl('/appuntamenti/prenota/4', ORIGIN)).toBe('/appuntamenti/prenota/4');
    expect(actionUrl('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(actionUrl('data:text/html,hi', ORIGIN)).toBeNull();
  });
});

describe('toNotification and clickTarget', () => {
  it('builds a replacing notification that remembers its screen and buttons', () => {
    const p = parsePushPayload({
      ...message,
      kind: 'appointment_confirmed',
      tag: 'appointment-4',
      url: '/appuntamenti?appuntamento=4',
      actions: [{ action: 'join', title: 'Partecipa alla chiamata', url: 'https://meet.jit.si/abc' }],
    });
    const { title, options } = toNotification(p!, ORIGIN);
    expect(title).toBe('Nuovo messaggio da Anna Neri');
    expect(options).toMatchObject({ tag: 'appointment-4', renotify: true, timestamp: 1_700_000_000_000, actions: [{ action: 'join', title: 'Partecipa alla chiamata' }] });
    expect(clickTarget(options.data, '', ORIGIN)).toBe(`${ORIGIN}/appuntamenti?appuntamento=4`);
    expect(clickTarget(options.data, 'join', ORIGIN)).toBe('https://meet.jit.si/abc');
    expect(clickTarget(options.data, 'unknown', ORIGIN)).toBe(`${ORIGIN}/appuntamenti?appuntamento=4`);
    expect(clickTarget(null, '', ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe('chooseWindow', () => {
  const target = `${ORIGIN}/designer-profile?chat=7`;
  it('prefers the window already on the screen, then the focused one, then a visible one', () => {
    expect(chooseWindow([{ url: `${ORIGIN}/`, focused: true }, { url: target }], target)).toBe(1);
    expect(chooseWindow([{ url: `${ORIGIN}/a` }, { url: `${ORIGIN}/b`, focused: true }], target)).toBe(1);
    expect(chooseWindow([{ url: `${ORIGIN}/a`, visibilityState: 'hidden' }, { url: `${ORIGIN}/b`, visibilityState: 'visible' }], target)).toBe(1);
    expect(chooseWindow([{ url: `${ORIGIN}/a` }], target)).toBe(0);
  });

  it('never picks another site and answers -1 when there is no window of the app', () => {
    expect(chooseWindow([{ url: 'https://other.example/', focused: true }], target)).toBe(-1);
    expect(chooseWindow([], target)).toBe(-1);
  });
});
