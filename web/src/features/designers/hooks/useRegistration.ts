import { useCallback, useRef, useState } from 'react';
import { httpError, transportError, type AppError } from '../../../shared/api/errors';
import { runCommand, type CommandResult, type SendOptions } from '../../../shared/offline/command';
import { registerDesigner, registerDesignerWithGoogle } from '../commands';
import { useDesignersDispatch } from './useDesignersDispatch';
import { REGISTRATION_BUDGET, parseDesigner, type Designer } from '../lib/designer';
import { profilePayload, type RegistrationForm } from '../lib/form';

export type RegistrationOutcome = { ok: true; designer: Designer } | { ok: false; error: AppError };

export interface RegistrationPictures {
  gallery: string[];
  /** A data URL, or '' for none. */
  profilePicture: string;
}

/** The designer fields of a registration (experience 0 and budget €300, as the spec fixes them). */
export function registrationPayload(form: RegistrationForm, pictures: RegistrationPictures): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    ...profilePayload(form),
    privacy_consent: form.privacy_consent,
    experience: 0,
    min_budget: REGISTRATION_BUDGET,
    gallery_images: pictures.gallery,
  };
  if (pictures.profilePicture !== '') payload.profile_picture = pictures.profilePicture;
  return payload;
}

export interface Registration {
  sending: boolean;
  /** 0..1 while the pictures go up. */
  progress: number;
  withPassword: (payload: Record<string, unknown>, password: string) => Promise<RegistrationOutcome>;
  withGoogle: (payload: Record<string, unknown>, credential: string) => Promise<RegistrationOutcome>;
}

/** A registration belongs to no account yet: no token goes with it. */
const ANONYMOUS = { userId: '' } as const;

/**
 * Sends a designer registration (the registerDesigner command, or registerDesignerWithGoogle with
 * Google's credential) and reports the upload's progress: with twelve pictures the body is large,
 * and people on a slow connection should see it moving. One registration at a time.
 */
export function useDesignerRegistration(): Registration {
  const dispatch = useDesignersDispatch();
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState(0);
  const busy = useRef(false);
  /**
   * The attempt that got no answer (the connection dropped on the way): the server may have
   * registered it. A retry of the same request reuses its Idempotency-Key, so the server answers
   * with that registration instead of "e-mail already registered"; a changed form gets a new key.
   */
  const unanswered = useRef<{ request: string; key: string } | null>(null);

  const send = useCallback(async (request: string, run: (options: SendOptions) => Promise<CommandResult>): Promise<RegistrationOutcome> => {
    if (busy.current) {
      return { ok: false, error: httpError(409, { detail: 'A registration is already being sent', reason: 'idempotency_in_progress' }) };
    }
    busy.current = true;
    setSending(true);
    setProgress(0);
    try {
      const key = unanswered.current?.request === request ? unanswered.current.key : undefined;
      const result = await run({ ...ANONYMOUS, key, onProgress: setProgress });
      unanswered.current = result.status === 'refused' && result.error.status === null ? { request, key: result.entry.key } : null;
      if (result.status === 'refused') return { ok: false, error: result.error };
      // A command declared keep: 'never' is sent or refused, never queued.
      const designer = result.status === 'sent' ? parseDesigner(result.response) : null;
      if (!designer) {
        return { ok: false, error: transportError('parse', 'Unexpected answer from the server') };
      }
      return { ok: true, designer };
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, []);

  const withPassword = useCallback(
    (payload: Record<string, unknown>, password: string) => {
      const args = { ...payload, password };
      return send(JSON.stringify(args), (options) => runCommand(registerDesigner, dispatch, args, options));
    },
    [send, dispatch],
  );
  const withGoogle = useCallback(
    (payload: Record<string, unknown>, credential: string) => {
      const args = { credential, designer_data: payload };
      return send(JSON.stringify(args), (options) => runCommand(registerDesignerWithGoogle, dispatch, args, options));
    },
    [send, dispatch],
  );
  return { sending, progress, withPassword, withGoogle };
}
