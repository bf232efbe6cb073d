import { createSlice } from '@reduxjs/toolkit';

/**
 * Shell-wide UI state that several features open or read: the cookie settings are opened from the
 * footer, the banner and the privacy page, and rendered by the consent feature.
 */
export interface ShellState {
  cookieSettingsOpen: boolean;
}

const shellSlice = createSlice({
  name: 'shell',
  initialState: { cookieSettingsOpen: false } as ShellState,
  reducers: {
    cookieSettingsOpened(state) {
      state.cookieSettingsOpen = true;
    },
    cookieSettingsClosed(state) {
      state.cookieSettingsOpen = false;
    },
  },
});

export const { cookieSettingsOpened, cookieSettingsClosed } = shellSlice.actions;
export const shellReducer = shellSlice.reducer;

export interface WithShell {
  shell: ShellState;
}

export const selectCookieSettingsOpen = (state: WithShell): boolean => state.shell.cookieSettingsOpen;
