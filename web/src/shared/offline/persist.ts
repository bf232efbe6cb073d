/**
 * Asks the browser to keep this site's storage (IndexedDB) under storage pressure. Safari deletes
 * the data of sites unused for seven days unless the app is installed or storage is persistent,
 * and the outbox must survive that. Call it after login, when the person has something to lose.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
