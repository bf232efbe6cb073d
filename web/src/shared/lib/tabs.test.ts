import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { nextTab } from './tabs';

function key(name: string): KeyboardEvent {
  return { key: name, preventDefault: vi.fn() } as unknown as KeyboardEvent;
}

describe('nextTab', () => {
  const tabs = ['liked', 'messages', 'shared'] as const;
  it('moves with the arrows, wrapping around, and jumps with Home and End', () => {
    expect(nextTab(key('ArrowRight'), tabs, 'shared')).toBe('liked');
    expect(nextTab(key('ArrowLeft'), tabs, 'liked')).toBe('shared');
    expect(nextTab(key('Home'), tabs, 'messages')).toBe('liked');
    expect(nextTab(key('End'), tabs, 'liked')).toBe('shared');
  });
  it('ignores other keys without stopping them', () => {
    const event = key('Enter');
    expect(nextTab(event, tabs, 'liked')).toBeNull();
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});
