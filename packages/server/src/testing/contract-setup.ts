// A setupFile of the server test project (vitest.config.ts): every app a test builds checks each
// answer against the OpenAPI document it serves (http/openapi-contract.ts), and the test during
// which an answer broke it fails, naming the operation, the status and the schema error. Answers
// sent in beforeAll/afterAll fail the file (afterAll). docs/api-docs.md.
import { afterAll, afterEach } from 'vitest';
import { checkEveryAppAgainstOpenApi, describeViolations, type ContractViolation } from '../http/openapi-contract.ts';

const violations: ContractViolation[] = [];
checkEveryAppAgainstOpenApi((v) => violations.push(v));

function failOnViolations(): void {
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(`${found.length} answer(s) broke the OpenAPI document (fix the route's schema or its answer; http/openapi-contract.ts):\n${describeViolations(found)}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
