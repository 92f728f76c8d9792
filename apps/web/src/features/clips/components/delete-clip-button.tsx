import type { Clip } from '@rudy/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../components/ui/toast-store';
import { useT } from '../../../lib/i18n';
import { useDeleteClip } from '../api/delete-clip';
import { clipActionErrorText } from '../lib/clip-errors';
import '../../../locales/clips';

/** Delete, after a confirmation that says the share link stops working too. */
export function DeleteClipButton({ clip, onDeleted }: { clip: Clip; onDeleted?: () => void }) {
  const { t } = useT();
  const [isAsking, setAsking] = useState(false);
  const mutation = useDeleteClip();
  const confirm = () =>
    mutation.mutate(clip.id, {
      onSuccess: () => {
        setAsking(false);
        showToast({ type: 'success', message: t('clips:delete.done') });
        onDeleted?.();
      },
      onError: (error) => showToast({ type: 'error', message: clipActionErrorText(t, error) }),
    });
  return (
    <>
      <Button variant="ghost" size="s" onClick={() => setAsking(true)}>
        {t('clips:actions.delete')}
      </Button>
      {isAsking ? (
        <Modal
          title={t('clips:delete.title', { name: clip.name })}
          onClose={mutation.isPending ? undefined : () => setAsking(false)}
          actions={
            <>
              {/* First, so the focus lands on the harmless choice. */}
              <Button
                variant="secondary"
                size="s"
                onClick={() => setAsking(false)}
                disabled={mutation.isPending}
              >
                {t('clips:delete.keep')}
              </Button>
              <Button size="s" onClick={confirm} disabled={mutation.isPending}>
                {mutation.isPending ? t('clips:delete.pending') : t('clips:delete.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('clips:delete.text')}</p>
        </Modal>
      ) : null}
    </>
  );
}
