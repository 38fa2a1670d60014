import { contract } from '../contract.ts';
import { vipAdminEndpoints, vipEndpoints } from './endpoints.ts';
import { adminVipSchedule, updateVipScheduleBody, vipInfo, vipInfoBody } from './schemas.ts';

export const vipContract = contract(vipEndpoints, { info: { body: vipInfoBody, response: vipInfo } });

export const vipAdminContract = contract(vipAdminEndpoints, {
  levels: { response: adminVipSchedule },
  update: { body: updateVipScheduleBody, response: adminVipSchedule },
});
