/**
 * The operator's routes: health, diagnostics, reindex (worker/index.ts, routes/diagnostics.ts,
 * routes/merchant-admin.ts).
 * @module
 */
import { reindexBody } from '../../routes/reindex-body';
import { op } from '../operation';
import {
  diagnosticsSchema,
  diagnosticsSummarySchema,
  healthSchema,
  reindexResultSchema,
} from '../schemas/payments';

export const operatorOperations = [
  op({
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'Operations',
    summary: 'Liveness and the integration’s health',
    audience: 'public',
    responses: { 200: healthSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/diagnostics',
    operationId: 'getDiagnostics',
    tag: 'Operations',
    summary: "The doctor's checks, run from the Worker",
    audience: 'merchant',
    responses: { 200: diagnosticsSchema, 503: diagnosticsSchema },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/v1/diagnostics/summary',
    operationId: 'getDiagnosticsSummary',
    tag: 'Operations',
    summary: 'Failing tasks and the integration’s health, without the checks',
    audience: 'merchant',
    responses: { 200: diagnosticsSummarySchema },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/v1/admin/reindex',
    operationId: 'reindex',
    tag: 'Operations',
    summary: 'Rewrite query-index rows from their objects',
    audience: 'merchant',
    body: reindexBody,
    responses: { 200: reindexResultSchema },
    errors: [],
  }),
];
