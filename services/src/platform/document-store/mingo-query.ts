import { Context } from 'mingo/core';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import { Query as QueryBase } from 'mingo/query';
import type { Criteria } from 'mingo/types';

/**
 * mingo's Query with the query and projection operators only: the package's main entry also loads the
 * aggregation, update and window operators, which took longer to load than the rest of the gateway.
 */
const CONTEXT = Context.init({ query: queryOperators, projection: projectionOperators });

export class Query<T extends object> extends QueryBase<T> {
  constructor(condition: Criteria<T>) {
    super(condition, { context: CONTEXT });
  }
}
