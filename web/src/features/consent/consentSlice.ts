import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { localArea } from '../../shared/lib/storage';
import { readConsent, writeConsent, type ConsentLevel } from './lib/consent';

export interface ConsentState {
  level: ConsentLevel | null;
  decidedAt: number | null;
}

function initialConsent(): ConsentState {
  const stored = readConsent(localArea(), Date.now());
  return stored ? { level: stored.level, decidedAt: stored.decidedAt } : { level: null, decidedAt: null };
}

const consentSlice = createSlice({
  name: 'consent',
  initialState: initialConsent,
  reducers: {
    consentRecorded(state, action: PayloadAction<{ level: ConsentLevel; decidedAt: number }>) {
      state.level = action.payload.level;
      state.decidedAt = action.payload.decidedAt;
    },
  },
});

export const { consentRecorded } = consentSlice.actions;
export const consentReducer = consentSlice.reducer;

export interface WithConsent {
  consent: ConsentState;
}

export const selectConsentLevel = (state: WithConsent): ConsentLevel | null => state.consent.level;

/** Stores the choice on the device and in the app state. */
export function chooseConsent(level: ConsentLevel): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    const stored = writeConsent(localArea(), level, Date.now());
    dispatch(consentRecorded(stored));
  };
}
