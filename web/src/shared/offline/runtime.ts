/**
 * The offline runtime: Dexie and everything that opens IndexedDB, in one chunk that the app loads
 * after first paint (see lazy.ts). Code on the first routes imports this only dynamically.
 */
export { liveQuery } from 'dexie';
export { db } from './db';
export { clearUserImages } from './imageStore';
export { clearUserResponses, getCachedResponse, putCachedResponse } from './responseCache';
export { drainOutbox, installOutbox } from './outboxService';
export { countOutbox, listOutbox } from './outbox';
export { LAST_SYNC_KEY } from './replay';
