import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import type { AppError } from '../api/errors';
import { useDispatch, useSelector } from 'react-redux';
import { selectUserId, type WithSession } from '../session/sessionSlice';
import type { OutboxEntry, OutboxError, OutboxMethod } from './db';
import { loadOffline } from './lazy';
import { newEntry, outboxHandlers, type OutboxHandlerRegistry, type OutboxKindHandler } from './outbox';
import type { DrainResult } from './replay';
import { newIdempotencyKey } from '../lib/ids';
import { outboxUserId } from './outboxSession';
import { discardAction, enqueueAndDrain, sendOnline } from './outboxService';
import type { UploadProgress } from './xhrFetch';

/**
 * A dispatch that runs RTK Query cache thunks. A feature may not name the app's root state, so the
 * state stays open here, once, instead of in every feature.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
export type CommandDispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * One write of the web, declared once: what it is (kind), what it orders behind (entity), where it
 * goes (method, path, body), how the screen shows it before the server has it (apply), and how the
 * caches are reconciled when the server took it (onSent) or refused it (onRefused).
 */
export interface CommandSpec<Args> {
  /**
   * 'queue' (the default): kept in the outbox, sent at once online, queued offline. 'never': the
   * write is never written to the device (credentials, files, admin changes): sent at once through
   * the same request and handlers, refused at once offline with an Italian reason, never retried.
   */
  keep?: 'queue' | 'never';
  /** Selects the handlers on replay ("like.toggle"); unique across the app. */
  kind: string;
  /** The ordering scope ("appointment:12"): later writes of one entity wait for earlier ones. */
  entity: (args: Args) => string;
  method: OutboxMethod;
  /** The path under the site, /api included. */
  path: (args: Args) => string;
  body?: (args: Args) => unknown;
  /** What a screen needs to draw the write before the server has it (a designer's name); never sent. */
  meta?: (args: Args) => unknown;
  /** Shows the write at once (an optimistic cache update); runs once it is queued. */
  apply?: (dispatch: CommandDispatch, args: Args) => void | Promise<void>;
  /** The server took it (now or on a later replay): reconcile the caches with its answer. */
  onSent?: (dispatch: CommandDispatch, response: unknown, entry: OutboxEntry) => void | Promise<void>;
  /** The server refused it, or the person discarded it before it went: roll back and say why. */
  onRefused?: (dispatch: CommandDispatch, error: OutboxError, entry: OutboxEntry) => void | Promise<void>;
}

export interface SendOptions {
  /** The Idempotency-Key of an earlier attempt whose answer was lost; new by default. */
  key?: string;
  /** The owner; the signed-in user by default, '' for a write that belongs to no account. */
  userId?: string;
  /** Only for ending a session: the token the write ends (see OutboxEntry.revokes). */
  revokes?: string;
  /** A queued write only: the refused entry (its seq) this write takes the place of, in one step. */
  replaces?: number;
  /**
   * Only for a command declared keep: 'never': how much of the body has gone up, 0 to 1 (the
   * request then goes by XMLHttpRequest, which reports it). A queued write has no progress to show.
   */
  onProgress?: UploadProgress;
  /**
   * A screen waits for the answer and says a refusal itself (runCommand sets it): the command's
   * onRefused keeps its toast for later replays, and the shell does not announce it again.
   */
  awaited?: boolean;
}

/** Where a write stands once the outbox has tried it. */
export type CommandOutcome =
  | { status: 'sent'; entry: OutboxEntry; response: unknown }
  | { status: 'refused'; entry: OutboxEntry; error: OutboxError }
  /** Not sent yet (offline, the server busy, an earlier write of its entity waiting): it goes later. */
  | { status: 'queued'; entry: OutboxEntry };

/** A write that is queued (entry, with its Idempotency-Key) and being sent (settled). */
export interface Sending {
  entry: OutboxEntry;
  /** Resolves once the outbox has tried it: at once online, `queued` offline. Never rejects. */
  settled: Promise<CommandOutcome>;
}

export interface Command<Args> extends CommandSpec<Args> {
  /**
   * Queues the write, shows it (apply) and sends it at once. Online the outcome is the server's
   * answer; offline it stays queued and the registered handlers reconcile it when it goes.
   */
  send: (dispatch: CommandDispatch, args: Args, options?: SendOptions) => Promise<Sending>;
  /** True for the outbox entries of this command. */
  owns: (entry: OutboxEntry) => boolean;
}

/** The outcome of an entry the outbox has just tried, read back from IndexedDB. */
export function outcomeOf(entry: OutboxEntry): CommandOutcome {
  if (entry.state === 'sent') return { status: 'sent', entry, response: entry.response };
  if (entry.state === 'failed' && entry.lastError) return { status: 'refused', entry, error: entry.lastError };
  return { status: 'queued', entry };
}

async function settle(queued: OutboxEntry, drain: Promise<DrainResult | null>): Promise<CommandOutcome> {
  try {
    // The drain resolves after a pass that tried this entry (a drain under way runs once more).
    const drained = await drain;
    if (drained === null) return { status: 'queued', entry: queued };
    const fresh = await (await loadOffline()).db.outbox.get(queued.seq);
    return fresh ? outcomeOf(fresh) : { status: 'queued', entry: queued };
  } catch (error) {
    console.warn('Could not read back a queued write', error);
    return { status: 'queued', entry: queued };
  }
}

/**
 * The Idempotency-Keys of the writes a screen is waiting for (runCommand). The screen says their
 * refusal itself, so a command's onRefused rolls back but keeps its toast for a later replay.
 */
const awaitedKeys = new Set<string>();

/** True while a screen waits for this write's answer and will say a refusal itself. */
export function isAwaited(entry: OutboxEntry): boolean {
  return awaitedKeys.has(entry.key);
}

/** The Idempotency-Keys of the writes whose refusal a screen has said, with the person there. */
const saidOnScreen = new Set<string>();

/**
 * True for a refused write that a screen says itself (awaited, now or when it was refused): the
 * shell's refusal notices leave it out, so a refusal is said once.
 */
export function refusalSaidOnScreen(entry: OutboxEntry): boolean {
  return awaitedKeys.has(entry.key) || saidOnScreen.has(entry.key);
}

/** The entry of a write that is never stored (keep: 'never'): it lives in memory while it is sent. */
function transientEntry<Args>(spec: CommandSpec<Args>, args: Args, options: SendOptions): OutboxEntry {
  const input = {
    kind: spec.kind,
    entity: spec.entity(args),
    method: spec.method,
    path: spec.path(args),
    body: spec.body?.(args),
    meta: spec.meta?.(args),
    userId: options.userId ?? outboxUserId(),
    revokes: options.revokes,
    key: options.key,
  };
  return { ...newEntry(input), seq: 0, state: 'sending' };
}

/** A command's reconciliation (onSent) and roll-back (onRefused) as the outbox calls them. */
function commandHandlers<Args>(spec: CommandSpec<Args>, dispatch: CommandDispatch): OutboxKindHandler {
  return {
    onSent: spec.onSent ? (response, entry) => spec.onSent?.(dispatch, response, entry) : undefined,
    onFailed: spec.onRefused ? (error, entry) => spec.onRefused?.(dispatch, error, entry) : undefined,
  };
}

/** Declares a write. Each feature exports its commands from features/<feature>/commands.ts. */
export function defineCommand<Args>(spec: CommandSpec<Args>): Command<Args> {
  return {
    ...spec,
    owns: (entry) => entry.kind === spec.kind,
    send: async (dispatch, args, { awaited, ...options } = {}) => {
      if (!awaited) return sendCommand(dispatch, args, options);
      // The key is chosen here so that the handlers know, from the first attempt, that a screen waits.
      const key = options.key ?? newIdempotencyKey();
      awaitedKeys.add(key);
      try {
        const sending = await sendCommand(dispatch, args, { ...options, key });
        const settled = sending.settled.then((outcome) => {
          if (outcome.status === 'refused') saidOnScreen.add(key);
          awaitedKeys.delete(key);
          return outcome;
        });
        return { entry: sending.entry, settled };
      } catch (error) {
        awaitedKeys.delete(key);
        throw error;
      }
    },
  };
  async function sendCommand(dispatch: CommandDispatch, args: Args, options: Omit<SendOptions, 'awaited'>): Promise<Sending> {
      const { onProgress, ...stored } = options;
      if (spec.keep === 'never') {
        const entry = transientEntry(spec, args, stored);
        await spec.apply?.(dispatch, args);
        // Its own handlers, not the registry's: the app registers those when the offline layer
        // starts (after the first screen), and a write sent before then must still be reconciled
        // (a cache patched, an optimistic change rolled back).
        return { entry, settled: sendOnline(entry, commandHandlers(spec, dispatch), onProgress).then(outcomeOf) };
      }
      const body = spec.body?.(args);
      // A file is never written to the device: a multipart write is declared keep: 'never'.
      if (typeof FormData !== 'undefined' && body instanceof FormData) {
        throw new Error(`The command ${spec.kind} sends a FormData body; declare it keep: 'never'`);
      }
      const { entry, drained } = await enqueueAndDrain({
        kind: spec.kind,
        entity: spec.entity(args),
        method: spec.method,
        path: spec.path(args),
        body,
        meta: spec.meta?.(args),
        ...stored,
      });
      await spec.apply?.(dispatch, args);
      if (entry.seq < 0 && !outboxHandlers.get(spec.kind)) {
        // Held until the offline layer's code arrives (waitingRoom.ts), which registers every
        // command's handlers: until then this one's own, so that a discard rolls it back.
        outboxHandlers.register(spec.kind, commandHandlers(spec, dispatch));
      }
      return { entry, settled: settle(entry, drained) };
  }
}

/** Any command, whatever its arguments (for lists of commands). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list holds commands of different argument types; only kind and the handlers are read
export type AnyCommand = Command<any>;

/**
 * Registers the reconciliation of every command once, at the app's start (app/offline.ts), so every
 * kind is reconciled whichever screen is open. Returns a function that unregisters them.
 */
export function registerCommands(
  dispatch: CommandDispatch,
  commands: readonly AnyCommand[],
  handlers: OutboxHandlerRegistry = outboxHandlers,
): () => void {
  const kinds = new Set<string>();
  for (const command of commands) {
    if (kinds.has(command.kind)) throw new Error(`Two commands declare the kind ${command.kind}`);
    kinds.add(command.kind);
  }
  const stops = commands.map((command) =>
    handlers.register(command.kind, commandHandlers(command, dispatch)),
  );
  return () => stops.forEach((stop) => stop());
}

/**
 * A command bound to the store's dispatch and owned by the signed-in person ('' for a visitor), for
 * screens: `const like = useCommand(toggleLike)`.
 */
export function useCommand<Args>(command: Command<Args>): (args: Args, options?: SendOptions) => Promise<Sending> {
  const dispatch = useDispatch<CommandDispatch>();
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  return useCallback(
    (args: Args, options?: SendOptions) => command.send(dispatch, args, { userId, ...options }),
    [command, dispatch, userId],
  );
}

/** The AppError of a refused write, as the outbox kept the server's answer. */
export function refusalError(error: OutboxError): AppError {
  return {
    // No status: no answer came (offline, or the connection failed on the way).
    kind: error.status === null ? 'network' : 'http',
    status: error.status,
    reason: error.reason,
    message: error.message,
    detail: error.detail,
    fields: error.fields ?? [],
    retryAfterSeconds: null,
    extra: error.extra ?? {},
  };
}

/** What a screen that waits with the person learns of a write. */
export type CommandResult =
  | { status: 'sent'; response: unknown; entry: OutboxEntry }
  /** The server refused it; the screen says why (error.message is Italian). */
  | { status: 'refused'; error: AppError; entry: OutboxEntry }
  /** Offline (or the server out of reach): it goes later, and its handlers reconcile it then. */
  | { status: 'queued'; entry: OutboxEntry };

/**
 * Sends a write and waits for its outcome, for screens where the person waits for the answer (a
 * form, a confirmation). A refusal is said by the screen, so its entry leaves the outbox at once:
 * it neither shows again as "not sent" nor holds back the next write of its entity; while it waits,
 * isAwaited(entry) is true, so a command's onRefused keeps its toast for later replays.
 */
export async function runCommand<Args>(
  command: Command<Args>,
  dispatch: CommandDispatch,
  args: Args,
  options?: SendOptions,
): Promise<CommandResult> {
  const outcome = await (await command.send(dispatch, args, { ...options, awaited: true })).settled;
  if (outcome.status !== 'refused') return outcome;
  if (command.keep !== 'never') await discardAction(outcome.entry.seq);
  return { status: 'refused', error: refusalError(outcome.error), entry: outcome.entry };
}

/** runCommand bound to the store and the signed-in person, with `busy` while a run is on its way. */
export interface RunningCommand<Args> {
  run: (args: Args, options?: SendOptions) => Promise<CommandResult>;
  busy: boolean;
}

/** For screens that wait for the answer: `const { run, busy } = useRunCommand(deleteUser)`. */
export function useRunCommand<Args>(command: Command<Args>): RunningCommand<Args> {
  const dispatch = useDispatch<CommandDispatch>();
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  const [running, setRunning] = useState(0);
  const run = useCallback(
    async (args: Args, options?: SendOptions) => {
      setRunning((count) => count + 1);
      try {
        return await runCommand(command, dispatch, args, { userId, ...options });
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [command, dispatch, userId],
  );
  return { run, busy: running > 0 };
}

/**
 * The server's answer of a write that is never queued (keep: 'never'), or its refusal thrown as the
 * AppError, for screens written as try/catch: `const answer = sentAnswer(await login(args))`.
 */
export function sentAnswer(result: CommandResult): unknown {
  if (result.status === 'sent') return result.response;
  if (result.status === 'refused') throw result.error;
  throw new Error(`The write ${result.entry.kind} was queued; sentAnswer is for commands declared keep: 'never'`);
}
