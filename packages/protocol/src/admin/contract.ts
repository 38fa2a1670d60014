import { contract, noData } from '../contract.ts';
import { adminEndpoints } from './endpoints.ts';
import {
  adminJobs,
  adminLoginBody,
  adminSession,
  adminUsersPage,
  adminUsersQuery,
  auditPage,
  auditQuery,
  changeOperatorPasswordBody,
  createOperatorBody,
  operator,
  operatorList,
  outboxPage,
  outboxQuery,
  setUserStatusBody,
} from './schemas.ts';

export const adminContract = contract(adminEndpoints, {
  login: { body: adminLoginBody, response: adminSession },
  logout: { response: noData },
  me: { response: operator },
  changePassword: { body: changeOperatorPasswordBody, response: noData },
  users: { body: adminUsersQuery, response: adminUsersPage },
  setUserStatus: { body: setUserStatusBody, response: noData },
  outbox: { body: outboxQuery, response: outboxPage },
  audit: { body: auditQuery, response: auditPage },
  operators: { response: operatorList },
  createOperator: { body: createOperatorBody, response: operator },
  jobs: { response: adminJobs },
});
