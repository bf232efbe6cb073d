import { describe, expect, it } from 'vitest';
import { installModeFor, isIosMobile } from './installPrompt';

describe('install prompt', () => {
  it('recognises iPhone, iPad and iPadOS (a Mac with touch)', () => {
    expect(isIosMobile({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true);
    expect(isIosMobile({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIosMobile({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isIosMobile({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' })).toBe(false);
  });

  it('offers the browser prompt, iOS steps, or nothing once installed', () => {
    expect(installModeFor({ standalone: false, installed: false, hasPrompt: true, ios: false })).toBe('prompt');
    expect(installModeFor({ standalone: false, installed: false, hasPrompt: false, ios: true })).toBe('ios');
    expect(installModeFor({ standalone: false, installed: false, hasPrompt: false, ios: false })).toBe('none');
    expect(installModeFor({ standalone: true, installed: false, hasPrompt: false, ios: true })).toBe('none');
    expect(installModeFor({ standalone: false, installed: true, hasPrompt: true, ios: false })).toBe('none');
  });
});
