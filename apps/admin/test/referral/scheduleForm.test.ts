import { describe, expect, it } from 'vitest';
import { checkForm, type LevelValues } from '../../src/referral/scheduleForm.ts';

const level = (n: number, more: Partial<LevelValues> = {}): LevelValues => ({
  level: n,
  ratio: '0.2',
  upgradeMembers: '5',
  upgradeVolume: '10000',
  maintainMembers: '3',
  maintainVolume: '5000',
  ...more,
});

describe('the agent schedule form', () => {
  it('builds the body from the text typed, decimals kept as text', () => {
    const { errors, body } = checkForm({ defaultRatio: ' 0.1 ', levels: [level(1, { ratio: '0.25' })] });
    expect(errors).toEqual({ levels: {} });
    expect(body).toEqual({
      defaultRatio: '0.1',
      levels: [
        {
          level: 1,
          ratio: '0.25',
          upgrade: { validMembers: 5, dailyVolume: '10000' },
          maintain: { validMembers: 3, dailyVolume: '5000' },
        },
      ],
    });
  });

  it('names each field that holds no number, and sends nothing', () => {
    const { errors, body } = checkForm({
      defaultRatio: '10%',
      levels: [level(1, { ratio: '0.123456789', upgradeMembers: '2.5' }), level(2, { maintainVolume: '-1' })],
    });
    expect(body).toBeNull();
    expect(errors.defaultRatio).toBeDefined();
    expect(Object.keys(errors.levels[1] ?? {}).sort()).toEqual(['ratio', 'upgradeMembers']);
    expect(Object.keys(errors.levels[2] ?? {})).toEqual(['maintainVolume']);
  });
});
