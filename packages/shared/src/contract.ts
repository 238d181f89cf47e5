import { reviewsEndpoints } from './contract/reviews';
import { secondFactorEndpoints } from './contract/second-factor';

/**
 * Every endpoint of the API, one declaration each (docs/decisions/063-one-contract.md).
 * A new area is one file under contract/ and one line here.
 */
export const contract = {
  ...reviewsEndpoints,
  ...secondFactorEndpoints,
} as const;

export type Contract = typeof contract;
export type EndpointKey = keyof Contract;
