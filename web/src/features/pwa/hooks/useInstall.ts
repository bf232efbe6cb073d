import { useSyncExternalStore } from 'react';
import { getInstallSnapshot, promptInstall, subscribeInstall, type InstallMode } from '../lib/installPrompt';
import { isUpdating, subscribeUpdating } from '../lib/serviceWorker';

export function useInstallMode(): { mode: InstallMode; prompt: () => Promise<boolean> } {
  const snapshot = useSyncExternalStore(subscribeInstall, getInstallSnapshot, getInstallSnapshot);
  return { mode: snapshot.mode, prompt: promptInstall };
}

export function useUpdating(): boolean {
  return useSyncExternalStore(subscribeUpdating, isUpdating, isUpdating);
}
