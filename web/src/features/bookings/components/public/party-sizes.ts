import { PUBLIC_PARTY_SIZES, publicPartySizesFor } from '@cafe/contracts/business';
import { useBusinessInfo } from '../../../../lib/business-info';

/**
 * The party sizes the café can seat: SPEC's 6 to 24, none above business info's seat capacity (a café of
 * 20 seats offers 6 to 20). SPEC's list until the business info has answered (the landing page carries it).
 */
export function usePartySizes(): readonly number[] {
  const capacity = useBusinessInfo().data?.seatCapacity;
  return capacity === undefined ? PUBLIC_PARTY_SIZES : publicPartySizesFor(capacity);
}

/** '6 to 20', as the parties section says it. */
export const sizeRange = (sizes: readonly number[]) =>
  sizes.length > 1 ? `${sizes[0]} to ${sizes.at(-1)}` : sizes.length === 1 ? `${sizes[0]}` : '';
