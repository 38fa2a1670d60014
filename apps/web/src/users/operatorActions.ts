import type { OperatorAction } from '@otc/protocol/users/schemas';

/** What each action reads as on the user's list: a status action by the status it set. */
export function operatorActionLabel(a: Pick<OperatorAction, 'action' | 'status'>) {
  switch (a.action) {
    case 'user.status':
      return a.status === 'disabled' ? 'userDisabled' : 'userEnabled';
    case 'user.totp_reset':
      return 'twoFactorReset';
    case 'kyc.approve':
      return 'kycApproved';
    case 'kyc.reject':
      return 'kycRejected';
    case 'upload.read':
      return 'documentViewed';
    case 'withdrawal.approve':
      return 'withdrawalApproved';
    case 'withdrawal.reject':
      return 'withdrawalRejected';
    case 'funding.bank.approve':
      return 'bankDepositApproved';
    case 'funding.bank.reject':
      return 'bankDepositRejected';
    case 'loan.approve':
      return 'loanApproved';
    case 'loan.reject':
      return 'loanRejected';
    case 'ledger.adjustment.request':
      return 'adjustmentRequested';
    case 'ledger.adjustment.approve':
      return 'adjustmentApproved';
    case 'ledger.adjustment.reject':
      return 'adjustmentRejected';
  }
}
