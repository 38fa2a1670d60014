import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { AdvancedForm } from './AdvancedForm.tsx';
import { BasicForm } from './BasicForm.tsx';
import { kycApi, kycKeys } from './kycApi.ts';
import { LevelCard } from './LevelCard.tsx';
import './kyc.css';

/**
 * `/pages/assets/auth`: identity verification, a card per level (basic, then advanced) with its
 * state, the form to apply or resubmit, what was sent while under review, and a rejection's reason.
 */
export default function IdentityPage() {
  const { t } = useTranslation();
  const state = useQuery({ queryKey: kycKeys.state, queryFn: kycApi.state, staleTime: 0 });
  // Back from choosing a place (`?form=advanced`, decision 0130): the advanced form opens again.
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<'basic' | 'advanced' | null>(
    params.get('form') === 'advanced' ? 'advanced' : null,
  );

  if (!state.data) {
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="id"
            pending={state.isPending}
            error={state.error}
            onRetry={() => void state.refetch()}
          />
        </section>
      </div>
    );
  }
  const s = state.data;
  if (s.demo) {
    return (
      <div className="page-pad">
        <section className="card">
          <EmptyState icon="id" title={t('kyc.demo')} text={t('kyc.demoHint')} />
        </section>
      </div>
    );
  }
  const edit = (level: 'basic' | 'advanced') => (open: boolean) => setEditing(open ? level : null);
  return (
    <div className="page-pad stack">
      <p className="kyc-intro">{t('kyc.intro')}</p>
      <LevelCard
        level="basic"
        state={s.basic}
        locked={false}
        editing={editing === 'basic'}
        onEdit={edit('basic')}
        form={<BasicForm previous={s.basic.fields} onDone={() => setEditing(null)} />}
      />
      <LevelCard
        level="advanced"
        state={s.advanced}
        locked={s.basic.status !== 'verified'}
        editing={editing === 'advanced'}
        onEdit={edit('advanced')}
        form={<AdvancedForm previous={s.advanced.fields} onDone={() => setEditing(null)} />}
      />
    </div>
  );
}
