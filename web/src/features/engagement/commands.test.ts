import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { CommandDispatch } from '../../shared/offline/command';
import type { OutboxEntry } from '../../shared/offline/db';
import { toggleLike } from './commands';

/** The tags a handler invalidated, from the actions it dispatched. */
function invalidated(run: (dispatch: CommandDispatch) => void | Promise<void>): Promise<unknown[]> {
  const actions: UnknownAction[] = [];
  const dispatch = ((action: UnknownAction) => {
    actions.push(action);
    return action;
  }) as unknown as CommandDispatch;
  return Promise.resolve(run(dispatch)).then(() =>
    actions.filter((a) => a.type.endsWith('/invalidateTags')).flatMap((a) => (a as unknown as { payload: unknown[] }).payload),
  );
}

describe('toggleLike', () => {
  it('rolls a refused like back everywhere it shows: the count, the heart and the favourites list', async () => {
    const entry = { entity: 'like:12', kind: toggleLike.kind } as OutboxEntry;
    const tags = await invalidated((dispatch) => toggleLike.onRefused?.(dispatch, { status: 404, reason: null, message: 'Designer non trovato.', detail: 'Designer not found' }, entry));
    expect(tags).toEqual(
      expect.arrayContaining([
        { type: 'Like', id: 'count-12' },
        { type: 'Like', id: 'status-12' },
        // The favourites are read again: a list that failed while offline (or showed the like) heals.
        { type: 'Like', id: 'MINE' },
      ]),
    );
  });
});
