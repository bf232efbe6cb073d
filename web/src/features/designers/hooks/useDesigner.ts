import { skipToken } from '@reduxjs/toolkit/query';
import type { AppError } from '../../../shared/api/errors';
import { useStaleness } from '../../../shared/api/staleSlice';
import { useGetDesignerQuery } from '../api/designersApi';
import type { Designer } from '../lib/designer';
import { toAppError } from '../lib/errors';

/** A route's id parameter as a designer id: a positive integer, else null (treated as not found). */
export function parseDesignerId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export type DesignerLoad =
  | { state: 'loading' }
  | { state: 'notFound'; error: AppError | null }
  | { state: 'failed'; error: AppError; retry: () => void }
  | { state: 'ready'; designer: Designer; stale: boolean; fetchedAt: number | null };

/** Loads a public designer page's designer, telling "not there" (404, bad id) from "could not load". */
export function useDesignerPage(rawId: string | undefined): DesignerLoad {
  const id = parseDesignerId(rawId);
  const result = useGetDesignerQuery(id ?? skipToken);
  const { stale, fetchedAt } = useStaleness(result);
  if (id === null) return { state: 'notFound', error: null };
  const error = result.isError ? toAppError(result.error) : null;
  if (result.data && !(error?.status === 404 && !result.isFetching)) {
    return { state: 'ready', designer: result.data, stale, fetchedAt };
  }
  if (error) {
    if (error.status === 404) return { state: 'notFound', error };
    return { state: 'failed', error, retry: () => void result.refetch() };
  }
  return { state: 'loading' };
}
