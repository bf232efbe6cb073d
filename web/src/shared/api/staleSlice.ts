import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { signedOut } from '../session/sessionSlice';

/**
 * Which queries are showing a copy from IndexedDB because the network failed, keyed by RTK Query's
 * cache key, with the time that copy was fetched. A fresh answer clears the flag.
 */
export type StaleState = Record<string, { fetchedAt: number }>;

const staleSlice = createSlice({
  name: 'stale',
  initialState: {} as StaleState,
  reducers: {
    staleServed(state, action: PayloadAction<{ queryCacheKey: string; fetchedAt: number }>) {
      state[action.payload.queryCacheKey] = { fetchedAt: action.payload.fetchedAt };
    },
    freshReceived(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => ({}));
  },
});

export const { staleServed, freshReceived } = staleSlice.actions;
export const staleReducer = staleSlice.reducer;

export interface WithStale {
  stale: StaleState;
}

/** The cache key RTK Query uses for endpoints without a custom serializeQueryArgs. */
export function queryCacheKeyFor(endpointName: string, args: unknown): string {
  return defaultSerializeQueryArgs({
    endpointName,
    queryArgs: args,
    // The default serializer reads only the name and the arguments.
    endpointDefinition: {} as never,
  });
}

export interface Staleness {
  stale: boolean;
  fetchedAt: number | null;
}

/** Reads the flag for a query result: pass what a useXxxQuery hook returned. */
export function selectStaleness(
  state: WithStale,
  result: { endpointName?: string; originalArgs?: unknown },
): Staleness {
  if (!result.endpointName) return { stale: false, fetchedAt: null };
  const entry = state.stale[queryCacheKeyFor(result.endpointName, result.originalArgs)];
  return entry ? { stale: true, fetchedAt: entry.fetchedAt } : { stale: false, fetchedAt: null };
}

/** `const { stale, fetchedAt } = useStaleness(useGetProfileQuery())` → show <StaleNotice />. */
export function useStaleness(result: { endpointName?: string; originalArgs?: unknown }): Staleness {
  const endpointName = result.endpointName;
  const originalArgs = result.originalArgs;
  const fetchedAt = useSelector((state: WithStale) =>
    endpointName ? state.stale[queryCacheKeyFor(endpointName, originalArgs)]?.fetchedAt ?? null : null,
  );
  return { stale: fetchedAt !== null, fetchedAt };
}
