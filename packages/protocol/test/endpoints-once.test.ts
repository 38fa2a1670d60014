import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { user } from '../src/auth/schemas.ts';
import { withdrawalContract } from '../src/cashier/withdrawal/contract.ts';
import { withdrawalEndpoints } from '../src/cashier/withdrawal/endpoints.ts';
import * as withdrawalSchemas from '../src/cashier/withdrawal/schemas.ts';
import { withdrawBody, withdrawInfo } from '../src/cashier/withdrawal/schemas.ts';
import { contract, emptyBody } from '../src/contract.ts';
import { type BodyOf, type ResponseOf, routesOn } from '../src/endpoint.ts';
import { usersContract } from '../src/users/contract.ts';
import { CONTRACTS } from '../src/wires.ts';

/** Each endpoint is declared once, naming its schemas; the contract joins exactly those. */
describe('endpoints declared once', () => {
  it('give a client the exact types of the schemas they name', () => {
    expectTypeOf<BodyOf<typeof withdrawalEndpoints.withdraw>>().toEqualTypeOf<z.input<typeof withdrawBody>>();
    expectTypeOf<ResponseOf<typeof withdrawalEndpoints.info>>().toEqualTypeOf<
      z.output<typeof withdrawInfo>
    >();
    const { post } = routesOn<typeof withdrawalSchemas>();
    // @ts-expect-error: a name that is not one of the area's schemas does not compile.
    post('/api/nowhere', { body: 'noSuchSchema', auth: 'user', summary: 'x' });
  });

  it('join a name only with a schema of the very type the endpoint declared under it', () => {
    expect(contract(withdrawalEndpoints, withdrawalSchemas).withdraw.schemas.body).toBe(withdrawBody);
    // @ts-expect-error: another schema under withdrawBody's name does not compile.
    const other = contract(withdrawalEndpoints, { ...withdrawalSchemas, withdrawBody: withdrawInfo });
    const wider = withdrawBody.extend({ note: z.string() });
    // @ts-expect-error: nor does one with a field more, though it is assignable to the declared type.
    const more = contract(withdrawalEndpoints, { ...withdrawalSchemas, withdrawBody: wider });
    // The run time checks the names only: the two above are refused by the type check alone.
    expect(other.withdraw.schemas.body).toBe(withdrawInfo);
    expect(more.withdraw.schemas.body).toBe(wider);
  });

  it('join each endpoint with the very schemas it names, the shared ones and another area’s too', () => {
    expect(withdrawalContract.withdraw.schemas.body).toBe(withdrawBody);
    expect(withdrawalContract.info.schemas.body).toBe(emptyBody);
    expect(withdrawalContract.info.schemas.response).toBe(withdrawInfo);
    expect(usersContract.nickname.schemas.response).toBe(user);
    // Every endpoint of every area: what it names is what it was given.
    for (const list of CONTRACTS)
      for (const c of Object.values(list)) {
        expect(Boolean(c.schemas.body)).toBe(Boolean(c.body));
        expect(Boolean(c.schemas.response)).toBe(Boolean(c.response));
      }
  });
});
