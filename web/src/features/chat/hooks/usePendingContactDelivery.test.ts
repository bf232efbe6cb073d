import { describe, expect, it } from 'vitest';
import { pendingDeliveryFor } from './usePendingContactDelivery';

describe('pendingDeliveryFor', () => {
  it('delivers only to a designer in the reloaded list, and only a real message', () => {
    expect(pendingDeliveryFor({ designer_id: 3, message: 'Ciao' }, [1, 3])).toEqual({ designer_id: 3, message: 'Ciao' });
    expect(pendingDeliveryFor({ designer_id: 9, message: 'Ciao' }, [1, 3])).toBeNull();
    expect(pendingDeliveryFor({ designer_id: 3, message: '   ' }, [3])).toBeNull();
    expect(pendingDeliveryFor(null, [3])).toBeNull();
  });
});
