import { accountEndpoints } from './contract/accounts';
import { adminDataEndpoints } from './contract/admin-data';
import { publicListEndpoints } from './contract/public-lists';
import { documentsEndpoints } from './contract/documents';
import { reviewsEndpoints } from './contract/reviews';
import { siteEndpoints } from './contract/site';
import { workEndpoints } from './contract/work';
import { clocksEndpoints } from './contract/clocks';
import { transparencyEndpoints } from './contract/transparency';
import { workflowEndpoints } from './contract/workflow';
import { secondFactorEndpoints } from './contract/second-factor';
import { noticesEndpoints } from './contract/notices';
import { concernsEndpoints } from './contract/concerns';
import { onsiteEndpoints } from './contract/onsite';
import { changeReportsEndpoints } from './contract/change-reports';
import { presentationsEndpoints } from './contract/presentations';
import { stagesEndpoints } from './contract/stages';

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
  ...documentsEndpoints,
  ...clocksEndpoints,
  ...transparencyEndpoints,
  ...workflowEndpoints,
  ...secondFactorEndpoints,
  ...noticesEndpoints,
  ...concernsEndpoints,
  ...onsiteEndpoints,
  ...changeReportsEndpoints,
  ...presentationsEndpoints,
  ...stagesEndpoints,
} as const;

export type Contract = typeof contract;
export type EndpointKey = keyof Contract;
