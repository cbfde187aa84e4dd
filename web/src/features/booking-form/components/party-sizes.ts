import { useMemo } from 'react';
import { DEFAULT_FACTS, partySizesOf, sizeRangeText } from '@cafe/contracts/business-facts';
import { useBusinessInfo } from '../../../lib/business-info';

/**
 * The party sizes the café takes online: Business Info's smallest to largest party, none above its seat
 * capacity (a café of 20 seats offers 6 to 20). The café's usual 6 to 24 until the business info has
 * answered (the landing page carries it).
 */
export function usePartySizes(): readonly number[] {
  const { partySizeMin, partySizeMax, seatCapacity } = useBusinessInfo().data ?? { ...DEFAULT_FACTS, seatCapacity: Infinity };
  return useMemo(() => partySizesOf({ partySizeMin, partySizeMax }, seatCapacity), [partySizeMin, partySizeMax, seatCapacity]);
}

/** '6 to 20', as the parties section says it. */
export const sizeRange = sizeRangeText;
