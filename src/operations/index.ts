import { accountOperations } from './account';
import { billingOperations } from './billing';
import { claimOperations } from './claims';
import { companyOperations } from './company';
import type { Operation } from './operation';
import { primitiveOperations } from './primitives';
import { registryOperations } from './registry';
import { watchOperations } from './watches';

/**
 * Every operation Agentdex offers, by name. A new primitive is declared in its group's file and added
 * here; from then on it has a REST route, an OpenAPI entry, an MCP tool (if it declares one), a typed
 * client method and a CLI command.
 */
export const operations = {
  ...registryOperations,
  ...primitiveOperations,
  ...companyOperations,
  ...accountOperations,
  ...billingOperations,
  ...claimOperations,
  ...watchOperations,
};

export type Operations = typeof operations;
export type OperationName = keyof Operations;

export const operationList: Operation[] = Object.values(operations) as Operation[];

export * from './operation';
