import { accountEndpoints } from './contract/accounts';
import { adminDataEndpoints } from './contract/admin-data';
import { publicListEndpoints } from './contract/public-lists';
import { reviewsEndpoints } from './contract/reviews';
import { siteEndpoints } from './contract/site';
import { workEndpoints } from './contract/work';

/**
 * Every endpoint of the API, one declaration each (docs/decisions/063-one-contract.md).
 * A new area is one file under contract/ and one line here.
 */
export const contract = {
  ...accountEndpoints,
  ...adminDataEndpoints,
  ...publicListEndpoints,
  ...reviewsEndpoints,
  ...siteEndpoints,
  ...workEndpoints,
} as const;

export type Contract = typeof contract;
export type EndpointKey = keyof Contract;
