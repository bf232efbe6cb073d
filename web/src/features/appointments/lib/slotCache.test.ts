import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InternoDatabase } from '../../../shared/offline/db';
import type { AvailableSlots, Slot } from '../api/appointmentsApi';
import { rememberSlots, seenSlots } from './slotCache';

function slot(date: string, time: string): Slot {
  return { datetime: `${date}T${time}:00+01:00`, date, time };
}

function answer(start: string, end: string, slots: Slot[], designerId = 7): AvailableSlots {
  return { designer_id: designerId, start_date: start, end_date: end, timezone: 'Europe/Rome', slot_minutes: 60, slots };
}

const NOW = Date.parse('2027-03-02T08:00:00+01:00');
let database: InternoDatabase;

beforeEach(() => {
  database = new InternoDatabase(`slots-${Math.random()}`);
});

afterEach(async () => {
  await database.delete();
});

describe('slots seen for offline requests', () => {
  it('is null for a designer never seen', async () => {
    expect(await seenSlots(database, 7, NOW)).toBeNull();
  });

  it('replaces the days an answer covers, keeps the others, and drops past slots', async () => {
    await rememberSlots(database, answer('2027-03-02', '2027-03-31', [slot('2027-03-02', '07:00'), slot('2027-03-02', '10:00'), slot('2027-03-20', '09:00')]), NOW);
    await rememberSlots(database, answer('2027-03-15', '2027-04-30', [slot('2027-04-02', '11:00')]), NOW + 1000);
    const seen = await seenSlots(database, 7, NOW);
    expect(seen?.slots.map((s) => s.datetime)).toEqual(['2027-03-02T10:00:00+01:00', '2027-04-02T11:00:00+01:00']);
    expect(seen?.fetchedAt).toBe(NOW + 1000);
    expect(await seenSlots(database, 8, NOW)).toBeNull();
  });

  it('offers nothing once every slot seen is in the past', async () => {
    await rememberSlots(database, answer('2027-03-02', '2027-03-02', [slot('2027-03-02', '10:00')]), NOW);
    expect(await seenSlots(database, 7, Date.parse('2027-03-02T11:00:00+01:00'))).toBeNull();
  });
});
